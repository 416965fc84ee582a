import "server-only";
import { Readable } from "node:stream";
import Papa from "papaparse";
import { prisma } from "@/lib/db/client";

/** The stored upload as text, chunk by chunk (UTF-8 decoded across chunk edges). */
async function* uploadText(importId: string): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  for (let seq = 0; ; seq++) {
    const chunk = await prisma.importChunk.findUnique({ where: { import_id_seq: { import_id: importId, seq } }, select: { data: true } });
    if (!chunk) break;
    yield decoder.decode(chunk.data, { stream: true });
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The CSV's records as arrays of cells, streamed (quoted commas, quotes and line breaks handled by papaparse). */
export async function* uploadRecords(importId: string): AsyncGenerator<string[]> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: "greedy" });
  Readable.from(uploadText(importId)).pipe(parser);
  for await (const record of parser as AsyncIterable<string[]>) yield record;
}
