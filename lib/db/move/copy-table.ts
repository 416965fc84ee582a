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
 * the two databases. Answers the bytes copied.
 */
export async function copyTable(source: PGlite, target: pg.ClientBase, table: TableShape): Promise<number> {
  const columns = table.columns.join(", ");
  // A SELECT, not the table itself: COPY cannot read a partitioned table (pg-boss's job) by name.
  const result = await source.query(`COPY (SELECT ${columns} FROM ${table.sql}) TO '/dev/blob'`);
  const blob = result.blob;
  // No blob for an empty table (PGlite writes none); the counts compared at the end check this too.
  if (!blob || blob.size === 0) return 0;
  const into = target.query(copyFrom(`COPY ${table.sql} (${columns}) FROM STDIN`));
  await pipeline(Readable.fromWeb(blob.stream() as Parameters<typeof Readable.fromWeb>[0]), into);
  return blob.size;
}
