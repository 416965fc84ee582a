import "server-only";
import { database } from "./client";

/**
 * How much long work (an import, an operation) does per statement or
 * transaction. On PostgreSQL other requests run beside it on other
 * connections. The embedded database has one connection, running on this
 * process's thread: each statement there is a pause for every request that
 * arrives meanwhile, which waits for the one it finds running (./driver.ts).
 * So there the steps are smaller: a 1 MB chunk of an upload took 1.4 s to
 * store on a busy machine, and a 5,000-row batch several seconds.
 */
const embedded = () => database().driver.kind === "embedded";

/** Rows one transaction of long work takes: a tenth of PostgreSQL's on the embedded database. */
export function rowsPerTransaction(onPostgres: number): number {
  return embedded() ? Math.max(100, Math.round(onPostgres / 10)) : onPostgres;
}

/** Bytes of an upload stored per statement: 64 KB on the embedded database. */
export function bytesPerStatement(onPostgres: number): number {
  return embedded() ? Math.min(onPostgres, 64 * 1024) : onPostgres;
}
