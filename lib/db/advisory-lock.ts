import "server-only";
import { database } from "./client";

// Session advisory locks: one dedicated connection holds the lock for the
// work and lets it go after, whatever happened. For work that one process of
// many may do at a time (creating pg-boss's schema, a retention run).

/** Waits for the lock, runs `work`, lets the lock go. */
export async function withAdvisoryLock<T>(key: number, work: () => Promise<T>): Promise<T> {
  return database().driver.withConnection(async (conn) => {
    await conn.query("SELECT pg_advisory_lock($1)", [key]);
    try {
      return await work();
    } finally {
      await conn.query("SELECT pg_advisory_unlock($1)", [key]);
    }
  });
}

/** Runs `work` when the lock is free now (true), or does nothing when another holds it (false). */
export async function ifAdvisoryLockFree(key: number, work: () => Promise<void>): Promise<boolean> {
  return database().driver.withConnection(async (conn) => {
    const [{ locked }] = await conn.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [key]);
    if (!locked) return false;
    try {
      await work();
      return true;
    } finally {
      await conn.query("SELECT pg_advisory_unlock($1)", [key]);
    }
  });
}
