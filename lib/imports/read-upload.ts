import "server-only";
import { Readable } from "node:stream";
import Papa from "papaparse";
import { runSql } from "@/lib/db/run-sql";
import { CsvBoundsFilter } from "./csv-bounds-filter";
import { decodeChunks, detectEncoding, type ImportEncoding } from "./text-encoding";

/**
 * The stored upload's bytes, chunk by chunk (1 MB each, 64 KB on the embedded
 * database; never the whole file in memory). Read past the ORM: the embedded
 * database's Prisma adapter turns bytea into bytes one parseInt per byte, which
 * held the server's thread for seconds per megabyte on a busy machine.
 */
async function* uploadBytes(importId: string): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq++) {
    const [chunk] = await runSql().rows<{ data: Uint8Array }>("SELECT data FROM import_chunks WHERE import_id = $1::uuid AND seq = $2", [importId, seq]);
    if (!chunk) break;
    yield chunk.data;
  }
}

/** What the stored upload is encoded in (throws NotText for a binary file). */
export function detectUploadEncoding(importId: string): Promise<ImportEncoding> {
  return detectEncoding(uploadBytes(importId));
}

/** The delimiter papaparse would guess from the start of the text (comma when unsure). */
function guessDelimiter(text: string): string {
  return Papa.parse(text.slice(0, 64 * 1024), { preview: 10 }).meta.delimiter || ",";
}

/** The decoded text with cells and records cut to their bounds before parsing (csv-bounds-filter.ts). */
async function* boundedText(texts: AsyncIterator<string>, filter: CsvBoundsFilter, first: string): AsyncGenerator<string> {
  yield filter.push(first);
  for (let next = await texts.next(); !next.done; next = await texts.next()) yield filter.push(next.value);
  yield filter.end();
}

/**
 * The CSV's records as arrays of cells, streamed (quoted commas, quotes and
 * line breaks handled by papaparse), each within the bounds of record-bounds.ts.
 */
export async function* uploadRecords(importId: string, encoding: ImportEncoding): AsyncGenerator<string[]> {
  const texts = decodeChunks(uploadBytes(importId), encoding)[Symbol.asyncIterator]();
  const first = await texts.next();
  if (first.done) return;
  const delimiter = guessDelimiter(first.value);
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: "greedy", delimiter });
  const source = Readable.from(boundedText(texts, new CsvBoundsFilter(delimiter), first.value));
  // A decoding failure (a file that is not the encoding chosen) ends the records with that error.
  source.on("error", (error) => parser.destroy(error));
  source.pipe(parser);
  for await (const record of parser as AsyncIterable<string[]>) yield record;
}
