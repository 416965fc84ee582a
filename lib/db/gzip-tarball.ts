import { Readable } from "node:stream";
import { createGzip } from "node:zlib";

/**
 * A data folder's tarball (PGlite's dumpDataDir('none')), gzipped as it is
 * streamed out. Compressed after the copy is taken, not while: PGlite's own
 * 'gzip' compresses inside the dump, on the one thread the database runs on,
 * and requests waited for it (a 220 MB folder: 1.3 s to copy, 6.5 s with its
 * gzip); zlib's stream works on libuv's threads, beside the service.
 */
export function gzipTarball(tarball: Blob): Readable {
  return Readable.fromWeb(tarball.stream() as Parameters<typeof Readable.fromWeb>[0]).pipe(createGzip());
}
