import "server-only";
import { afterCommit } from "@/lib/db/after-commit";
import { prepared } from "@/lib/db/prepared";
import { logger } from "@/lib/logger";
import { EVENTS_CHANNEL } from "./announcement-sql";
import { runSql } from "@/lib/db/run-sql";

// The NOTIFYs of events written by durable transactions. PostgreSQL
// serializes notifying commits behind one lock held through the commit's disk
// flush: 1,400 commits a second on this machine instead of 7,000, and under a
// burst of callers the queue's statements waited 200-300 ms for each other.
// So a durable statement writes its events and hands back their announcements
// (announcement-sql.ts); they are sent after its commit, together with those of
// the other commits of the same moment, from a connection whose commits do
// not wait for the disk. A process that dies between the two leaves the
// events in the table, unannounced: streams that reconnect read them there.

const NOTIFY = prepared(`SELECT pg_notify('${EVENTS_CHANNEL}', p) FROM unnest($1::text[]) AS p`);
let queued: string[] = [];

/** Announces committed events (their `announcement` payloads), in commit order, with whatever else this moment announces. */
export function announceEvents(payloads: readonly (string | null)[] | null | undefined): void {
  const ready = (payloads ?? []).filter((p): p is string => typeof p === "string");
  if (!ready.length) return;
  if (!queued.length) setImmediate(send);
  queued.push(...ready);
}

/** Announces the events once `db`'s transaction commits (at once when `db` is no transaction). */
export function announceAfterCommit(db: object, payloads: readonly (string | null)[] | null | undefined): void {
  afterCommit(db, () => announceEvents(payloads));
}

function send() {
  const payloads = queued;
  queued = [];
  runSql("unflushed")
    .rows(NOTIFY, [payloads])
    .catch((error) => logger.error("events not announced", { count: payloads.length, error: error instanceof Error ? error.message : String(error) }));
}
