import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { TableShape } from "./describe-tables";

/**
 * One table's rows from the embedded database into PostgreSQL, as COPY text:
 * PGlite writes the table to a Blob (`TO '/dev/blob'`), which is streamed into
 * `COPY … FROM STDIN` on the target. The text format, not the binary one: an
 * array of an enum carries its type's oid in binary, and oids differ between
 * the two databases. Answers the bytes copied, and the time spent reading and writing them.
 */
export async function copyTable(source: PGlite, target: pg.ClientBase, table: TableShape): Promise<{ bytes: number; readMs: number; writeMs: number }> {
  const started = performance.now();
  const columns = table.columns.join(", ");
  // A SELECT, not the table itself: COPY cannot read a partitioned table (pg-boss's job) by name.
  const result = await source.query(`COPY (SELECT ${columns} FROM ${table.sql}) TO '/dev/blob'`);
  const blob = result.blob;
  // No blob for an empty table (PGlite writes none); the counts compared at the end check this too.
  const readMs = performance.now() - started;
  if (!blob || blob.size === 0) return { bytes: 0, readMs, writeMs: 0 };
  const into = target.query(copyFrom(`COPY ${table.sql} (${columns}) FROM STDIN`));
  await pipeline(Readable.fromWeb(blob.stream() as Parameters<typeof Readable.fromWeb>[0]), into);
  return { bytes: blob.size, readMs, writeMs: performance.now() - started - readMs };
}
