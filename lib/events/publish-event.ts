import "server-only";
import type { EventRecord } from "./event-record";
import type { Tx } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { announceAfterCommit } from "./announce-events";
import { announce, announcement, EVENT_RETURNING } from "./announcement-sql";
import { RIGHTS_CHANGED, SESSION_REVOKED } from "./event-types";
import { EVENT_CONTRACT, type EventPayload, type EventType } from "./event-contract";
import { eventRows, insertEvents, type EventRowsSpec } from "./events-sql";
import { processSingleton } from "@/lib/process/process-registry";
import { runSql } from "@/lib/db/run-sql";

/** An event of the contract (event-contract.ts), which says who may receive it. */
export interface NewEvent<T extends EventType = EventType> {
  type: T;
  /** The record it is about. A record about a user with no department given takes the user's department. */
  record: Partial<EventRecord> & { organization_id: number };
  data: EventPayload<T>;
}

const INSERT = `WITH e AS (
    INSERT INTO events (organization_id, department_id, user_id, assigned_user_id, visibility, type, data)
    VALUES ($1::int, COALESCE($2::int, (SELECT department_id FROM users WHERE id = $3::int)), $3::int, $4::int, $5, $6, $7::jsonb) RETURNING ${EVENT_RETURNING})`;
/** The event written and its announcement handed back, to be sent after the commit. */
const WRITE = `${INSERT} SELECT ${announcement("e")} AS announcement FROM e`;
/** The event written and announced in its own commit, which does not wait for the disk. */
const WRITE_AND_NOTIFY = `${INSERT} SELECT ${announce("e")} FROM e`;

/** An announcement to the processes themselves (no organization: never delivered to a subscriber). */
interface InternalEvent {
  type: typeof SESSION_REVOKED | typeof RIGHTS_CHANGED;
  record: { organization_id: null };
  data: Record<string, unknown>;
}

function values(event: NewEvent | InternalEvent) {
  const r = event.record as Partial<EventRecord>;
  const visibility = event.type in EVENT_CONTRACT ? EVENT_CONTRACT[event.type as EventType].visibility : "organization";
  return [r.organization_id ?? null, r.department_id ?? null, r.user_id ?? null, r.assigned_user_id ?? null, visibility, event.type, JSON.stringify(event.data)];
}

/**
 * Publishes an event to every server process's subscribers: a row in
 * `events` and a NOTIFY naming it. Given a transaction, the row is part of it
 * and the NOTIFY goes after its commit (none after a rollback; why after:
 * announce-events.ts). Without one it goes at once, in a commit that does not
 * wait for the disk (an event lost in a crash costs a page one reload; a
 * webhook waiting on a second fsync costs every caller). A failure to publish
 * is logged, never the caller's failure: the pages fall back to reading the API.
 */
export async function publishEvent<T extends EventType>(event: NewEvent<T>, tx?: Tx): Promise<void> {
  try {
    if (tx) await writeInTransaction(tx, WRITE, values(event));
    else await runSql("unflushed").rows(WRITE_AND_NOTIFY, values(event));
  } catch (error) {
    if (tx) throw error; // inside a transaction the statement's failure aborts it anyway: let the caller see why
    logger.error("event not published", { type: event.type, error: error instanceof Error ? error.message : String(error) });
  }
}

async function writeInTransaction(tx: Tx, sql: string, params: unknown[]): Promise<void> {
  const rows = await runSql(tx).rows<{ announcement: string }>(sql, params);
  announceAfterCommit(
    tx,
    rows.map((row) => row.announcement),
  );
}

/**
 * Publishes an event in the statement that makes the change it announces:
 * `change` (a data-modifying statement whose own parameters start at $8) runs
 * as part of it, so the change and its event are one round trip.
 */
export async function publishEventWith<T extends EventType>(event: NewEvent<T>, tx: Tx, change: { sql: string; params: unknown[] }): Promise<void> {
  await writeInTransaction(tx, `WITH change AS (${change.sql}), ${WRITE.slice("WITH ".length)}`, [...values(event), ...change.params]);
}

/** The sessions of these tokens (or every session of the user) end: their streams close, in every process. */
export async function publishSessionRevoked({ userId, tokenIds }: { userId?: number; tokenIds?: number[] }, tx?: Tx): Promise<void> {
  await publishInternal({ type: SESSION_REVOKED, record: { organization_id: null }, data: { user_id: userId ?? null, token_ids: tokenIds ?? null } }, tx);
}

/**
 * What these users may see changed (a role, a department, the queues they
 * serve): their open streams close in every process, and reopen with the
 * rights read afresh. Given a transaction, only once it has committed.
 */
export async function publishRightsChanged(userIds: number[], tx?: Tx): Promise<void> {
  if (!userIds.length) return;
  await publishInternal({ type: RIGHTS_CHANGED, record: { organization_id: null }, data: { user_ids: userIds } }, tx);
}

async function publishInternal(event: InternalEvent, tx?: Tx): Promise<void> {
  if (tx) return writeInTransaction(tx, WRITE, values(event));
  // Outside a transaction the change itself has happened: a stream left open is logged, never the change's failure.
  await runSql("unflushed")
    .rows(WRITE_AND_NOTIFY, values(event))
    .catch((error) => logger.error("stream closing not announced", { type: event.type, error: error instanceof Error ? error.message : String(error) }));
}

/**
 * Publishes the events rendered from `rows` (events-sql.ts), for records
 * whose scope fields live in their own row (a campaign, an import, a
 * conversation); `params` are the parameters its expressions name.
 */
export async function publishSelected<T extends EventType>(rows: EventRowsSpec<T>, params: unknown[]): Promise<void> {
  try {
    await runSql("unflushed").rows(`WITH e AS (${insertEvents(eventRows(rows))}) SELECT ${announce("e")} FROM e`, params);
  } catch (error) {
    logger.error("event not published", { error: error instanceof Error ? error.message : String(error) });
  }
}

// A busy campaign or a large import changes many times a second: each
// process says so at most every quarter second per record, and always says
// the last change (a trailing announcement after a quiet quarter second).
const THROTTLE_MS = 250;
const throttles = processSingleton("event-throttles", () => new Map<string, { last: number; timer: NodeJS.Timeout | null }>());

/** Runs `publish` now, or once at the end of the current quarter second when it ran less than that ago. */
export function throttled(key: string, publish: () => Promise<void>, { immediate = false }: { immediate?: boolean } = {}): Promise<void> {
  const entry = throttles.get(key) ?? { last: 0, timer: null };
  throttles.set(key, entry);
  const wait = THROTTLE_MS - (Date.now() - entry.last);
  if (immediate || wait <= 0) {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    entry.last = Date.now();
    return publish();
  }
  entry.timer ??= setTimeout(() => {
    entry.timer = null;
    entry.last = Date.now();
    void publish();
  }, wait);
  return Promise.resolve();
}
