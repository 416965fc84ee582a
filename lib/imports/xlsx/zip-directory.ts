import { createInflateRaw } from "node:zlib";

// An .xlsx file is a zip of XML parts. This reads its central directory (the
// list at the end of the file: names, methods, packed and unpacked sizes)
// without expanding anything, so a zip bomb is refused from what it declares;
// and expands one entry as a stream that stops the moment it produces more
// than it declared (a zip may lie about its sizes).

export interface ZipEntry {
  name: string;
  method: number;
  packedBytes: number;
  unpackedBytes: number;
  localHeaderOffset: number;
}

export class ZipRefused extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The entries of a zip file, from its central directory. */
export function readZipDirectory(zip: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipRefused("The file is not an .xlsx workbook (no zip directory found).");
  const count = zip.readUInt16LE(eocd + 10);
  const size = zip.readUInt32LE(eocd + 12);
  const offset = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw new ZipRefused("The workbook uses ZIP64, which a workbook of at most 50 MB never needs.");
  if (offset + size > zip.length) throw new ZipRefused("The workbook's zip directory is damaged.");
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new ZipRefused("The workbook's zip directory is damaged.");
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({
      name: zip.toString("utf8", at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      packedBytes: zip.readUInt32LE(at + 20),
      unpackedBytes: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The packed bytes of an entry (after its local header). */
function packedData(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new ZipRefused(`The workbook part ${entry.name} is damaged.`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.packedBytes > zip.length) throw new ZipRefused(`The workbook part ${entry.name} is damaged.`);
  return zip.subarray(start, start + entry.packedBytes);
}

/**
 * Expands an entry piece by piece into `onChunk` (awaited: back-pressure);
 * fails as soon as it yields more than it declared, or more than `limit`
 * (then `onChunk` may stop early by returning false: the rest is never expanded).
 */
export async function expandEntry(zip: Buffer, entry: ZipEntry, onChunk: (chunk: Buffer) => Promise<boolean | void> | boolean | void): Promise<void> {
  const data = packedData(zip, entry);
  if (entry.method === 0) {
    if (data.length !== entry.unpackedBytes) throw new ZipRefused(`The workbook part ${entry.name} is damaged.`);
    await onChunk(data);
    return;
  }
  if (entry.method !== 8) throw new ZipRefused(`The workbook part ${entry.name} uses a compression a workbook does not (method ${entry.method}).`);
  const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
  let produced = 0;
  const done = new Promise<void>((resolve, reject) => {
    inflater.on("error", (error) => reject(new ZipRefused(`The workbook part ${entry.name} could not be unpacked: ${error.message}`)));
    inflater.on("end", resolve);
    inflater.on("close", resolve);
  });
  // A reader that throws mid-entry leaves the loop, whose iterator destroys the inflater with an abort:
  // `done` then rejects unawaited (an unhandled rejection in the server's log for every such workbook).
  done.catch(() => undefined);
  inflater.end(data);
  for await (const chunk of inflater as AsyncIterable<Buffer>) {
    produced += chunk.length;
    if (produced > entry.unpackedBytes) {
      inflater.destroy();
      throw new ZipRefused(`The workbook part ${entry.name} unpacks to more than it declares: refused as a zip bomb.`);
    }
    if ((await onChunk(chunk)) === false) {
      inflater.destroy();
      return;
    }
  }
  await done;
}

/** An entry's whole text (only for parts whose declared size was checked first). */
export async function entryText(zip: Buffer, entry: ZipEntry): Promise<string> {
  const chunks: Buffer[] = [];
  await expandEntry(zip, entry, (chunk) => void chunks.push(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
