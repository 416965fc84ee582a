import "server-only";
import type { PoolUse } from "./driver";
import { database } from "./client";
import { applyMigrations } from "./migrate";

// What the rest of the server may know about the database it runs on,
// without holding the driver.

/** PostgreSQL (DATABASE_URL) or the embedded one (PGlite, DATA_DIR). */
export function databaseKind(): "postgres" | "embedded" {
  return database().driver.kind;
}

/** How the connections are used right now (the metrics' gauges). */
export function connectionUse(): PoolUse[] {
  return database().driver.poolUse();
}

/** How pg-boss reaches this database: its own pool, or this process's PGlite. */
export function jobQueueConnection() {
  return database().driver.jobQueueDb;
}

/** Opens the pooled connections before the first request needs them (start-up). */
export function warmDatabase(): Promise<void> {
  return database().driver.warm();
}

/** Applies this build's migrations that the database lacks (start-up); their names. */
export function migrateDatabase(): Promise<string[]> {
  return applyMigrations(database().driver);
}
