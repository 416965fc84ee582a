import "server-only";
import { Readable } from "node:stream";
import Papa from "papaparse";
import { prisma } from "@/lib/db/client";
import { decodeChunks, detectEncoding, type ImportEncoding } from "./text-encoding";

/** The stored upload's bytes, chunk by chunk (1 MB each, never the whole file in memory). */
async function* uploadBytes(importId: string): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq++) {
    const chunk = await prisma.importChunk.findUnique({ where: { import_id_seq: { import_id: importId, seq } }, select: { data: true } });
    if (!chunk) break;
    yield chunk.data;
  }
}

/** What the stored upload is encoded in (throws NotText for a binary file). */
export function detectUploadEncoding(importId: string): Promise<ImportEncoding> {
  return detectEncoding(uploadBytes(importId));
}

/** The CSV's records as arrays of cells, streamed (quoted commas, quotes and line breaks handled by papaparse). */
export async function* uploadRecords(importId: string, encoding: ImportEncoding): AsyncGenerator<string[]> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: "greedy" });
  const source = Readable.from(decodeChunks(uploadBytes(importId), encoding));
  // A decoding failure (a file that is not the encoding chosen) ends the records with that error.
  source.on("error", (error) => parser.destroy(error));
  source.pipe(parser);
  for await (const record of parser as AsyncIterable<string[]>) yield record;
}
