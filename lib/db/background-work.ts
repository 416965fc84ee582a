import { AsyncLocalStorage } from "node:async_hooks";
import { processSingleton } from "@/lib/process/process-registry";

/**
 * Work no one waits on at the other end of a connection: jobs (imports, long
 * operations, campaign ticks), the retention schedule, and the long part of a
 * request (storing an uploaded file). On the embedded database its statements
 * give way to requests' (lib/db/driver.ts); on PostgreSQL nothing changes.
 * One store per process, shared by every bundle's copy of this module.
 */
const storage = processSingleton("background-work", () => new AsyncLocalStorage<true>());

/** Runs `work` (and everything it awaits) as background work. */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return storage.run(true, work);
}

export function isBackgroundWork(): boolean {
  return storage.getStore() === true;
}
