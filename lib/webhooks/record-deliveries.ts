import "server-only";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { prisma } from "@/lib/db/client";
import { prepared } from "@/lib/db/prepared";
import { runSql } from "@/lib/db/run-sql";
import { logger } from "@/lib/logger";
import { failingTooLong, nextAttemptAt } from "./retry-schedule";

// What became of each send is written together, one statement every 25 ms at
// most and one at a time, instead of one per send: a busy sender's
// bookkeeping must not crowd the requests. A fresh event's deliveries are
// inserted here, once, with their outcome (the outbox row is deleted in the
// statement that records its last one); a retried delivery's row is updated.
// A statement that fails is tried again with the next batch, never dropped:
// an outbox row whose deliveries were not all recorded must stay.

/** A send answered (or given up), or a fresh event's delivery that waits as a row (`tried: false`: its endpoint had no room). */
export type Outcome =
  | { kind: "retry"; deliveryId: string; endpointId: number; attempts: number; createdAt: Date; status: number | null; latency: number; error: string | null; final: boolean }
  | { kind: "fresh"; outboxId: string; endpointId: number; createdAt: Date; status: number | null; latency: number; error: string | null; final: boolean; tried: boolean };

// Prepared: it runs up to 40 times a second, and its five parts took a while to plan.
const RECORD = prepared(`
  WITH retried AS (
    SELECT * FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::int[], $5::int[], $6::text[]) AS t(id, status, next_at, code, latency, error)),
  fresh AS (
    SELECT * FROM unnest($7::bigint[], $8::int[], $9::text[], $10::timestamptz[], $11::int[], $12::int[], $13::text[], $14::int[]) AS t(outbox_id, endpoint_id, status, next_at, code,
      latency, error, attempts)),
  updated AS (
    UPDATE webhook_deliveries w SET status = r.status, next_attempt_at = COALESCE(r.next_at, w.next_attempt_at), locked_until = NULL,
      delivered_at = CASE WHEN r.status = 'delivered' THEN now() ELSE w.delivered_at END,
      last_status_code = r.code, last_latency_ms = r.latency, last_error = r.error
    FROM retried r WHERE w.id = r.id RETURNING w.endpoint_id, r.status = 'delivered' AS ok),
  inserted AS (
    INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_type, message_id, dedupe_key, payload, status, attempts, next_attempt_at,
                                    last_status_code, last_latency_ms, last_error, delivered_at, created_at)
    SELECT f.endpoint_id, o.organization_id, o.event_type, 'msg_' || o.id, 'event:' || o.id, o.payload, f.status, f.attempts, COALESCE(f.next_at, now()),
           f.code, f.latency, f.error, CASE WHEN f.status = 'delivered' THEN now() END, o.created_at
    FROM fresh f JOIN webhook_outbox o ON o.id = f.outbox_id JOIN webhook_endpoints e ON e.id = f.endpoint_id
    ON CONFLICT (endpoint_id, dedupe_key) DO NOTHING
    RETURNING endpoint_id, attempts > 0 AS tried, status = 'delivered' AS ok),
  finished AS (DELETE FROM webhook_outbox WHERE id = ANY($15::bigint[])),
  outcomes AS (SELECT endpoint_id, ok FROM updated UNION ALL SELECT endpoint_id, ok FROM inserted WHERE tried)
  UPDATE webhook_endpoints e SET failing_since = CASE WHEN o.ok THEN NULL ELSE COALESCE(e.failing_since, now()) END
  FROM (SELECT endpoint_id, bool_or(ok) AS ok FROM outcomes GROUP BY endpoint_id) o
  WHERE e.id = o.endpoint_id AND e.enabled AND (NOT o.ok OR e.failing_since IS NOT NULL)
  RETURNING e.id, e.organization_id, e.failing_since`);

let outcomes: Outcome[] = [];
let finished: string[] = [];
let timer: NodeJS.Timeout | null = null;
let recording = false;

/** Records an outcome with the next batch. */
export function recordOutcome(outcome: Outcome): void {
  outcomes.push(outcome);
  schedule();
}

/** The outbox row goes with the batch that records its last delivery (recorded in the same tick, so the same batch). */
export function recordOutboxFinished(outboxId: string): void {
  finished.push(outboxId);
  schedule();
}

function schedule(): void {
  timer ??= setTimeout(() => {
    timer = null;
    void flush();
  }, 25);
}

/**
 * Writes what waits now, after the write under way: a server that stops puts
 * what it sent on record before it goes, or another server finds the claim
 * lapsed and sends it again (a duplicate the suite once saw).
 */
export async function flushOutcomes(): Promise<void> {
  if (timer) {
    clearTimeout(timer);
    timer = null;
  }
  await writing;
  if (outcomes.length || finished.length) await flush();
}

let writing: Promise<void> = Promise.resolve();

function flush(): Promise<void> {
  if (recording) {
    schedule();
    return writing;
  }
  return (writing = flushNow());
}

async function flushNow(): Promise<void> {
  recording = true;
  const batch = outcomes;
  const done = finished;
  outcomes = [];
  finished = [];
  try {
    await write(batch, done);
  } catch (error) {
    // Tried again with the next batch: the outbox rows stay claimed (and renewed) meanwhile.
    outcomes = batch.concat(outcomes);
    finished = done.concat(finished);
    logger.error("webhook deliveries not recorded", { deliveries: batch.length, error: error instanceof Error ? error.message : String(error) });
  } finally {
    recording = false;
    if (outcomes.length || finished.length) schedule();
  }
}

function settled(outcome: Outcome, now: Date) {
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const tried = outcome.kind === "retry" || outcome.tried;
  const attempts = outcome.kind === "retry" ? outcome.attempts : tried ? 1 : 0;
  const next = !tried ? null : ok || outcome.final ? null : nextAttemptAt(attempts, outcome.createdAt, now);
  const status = !tried ? "pending" : ok ? "delivered" : next ? "pending" : "failed";
  const error = !tried || ok ? null : (outcome.error ?? `answered ${outcome.status}`).slice(0, 300);
  return { status, next, code: tried ? outcome.status : null, latency: tried ? outcome.latency : null, error, attempts };
}

async function write(batch: Outcome[], done: string[]): Promise<void> {
  const now = new Date();
  const retried = batch.filter((o) => o.kind === "retry").map((o) => ({ o, r: settled(o, now) }));
  const fresh = batch.filter((o) => o.kind === "fresh").map((o) => ({ o, r: settled(o, now) }));
  const failing = await runSql().rows<{ id: number; organization_id: number; failing_since: Date | null }>(RECORD, [
    retried.map(({ o }) => o.deliveryId),
    retried.map(({ r }) => r.status),
    retried.map(({ r }) => r.next),
    retried.map(({ r }) => r.code),
    retried.map(({ r }) => r.latency),
    retried.map(({ r }) => r.error),
    fresh.map(({ o }) => o.outboxId),
    fresh.map(({ o }) => o.endpointId),
    fresh.map(({ r }) => r.status),
    fresh.map(({ r }) => r.next),
    fresh.map(({ r }) => r.code),
    fresh.map(({ r }) => r.latency),
    fresh.map(({ r }) => r.error),
    fresh.map(({ r }) => r.attempts),
    done,
  ]);
  const lastError = new Map([...retried, ...fresh].map(({ o, r }) => [o.endpointId, r.error ?? ""]));
  for (const endpoint of failing) {
    if (!failingTooLong(endpoint.failing_since && new Date(endpoint.failing_since), now)) continue;
    // Recorded already: a failure here is logged, and the next failing batch tries again.
    await disableEndpoint(endpoint, lastError.get(endpoint.id) ?? "").catch((error) =>
      logger.error("webhook endpoint not disabled", { endpoint_id: endpoint.id, error: error instanceof Error ? error.message : String(error) }),
    );
  }
}

/** An endpoint failing for 24 hours is disabled and its admins told (audit log, the settings page). */
async function disableEndpoint(endpoint: { id: number; organization_id: number }, error: string): Promise<void> {
  const reason = `Disabled after failing for 24 hours; last: ${error}`.slice(0, 300);
  await prisma.$transaction(async (tx) => {
    const disabled = await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id, enabled: true }, data: { enabled: false, disabled_at: new Date(), disabled_reason: reason } });
    if (disabled.count)
      await writeAuditLog(tx, {
        organization_id: endpoint.organization_id,
        user_id: null,
        action: "webhook.endpoint.disabled",
        subject_type: "webhook_endpoint",
        subject_id: endpoint.id,
        details: { reason },
      });
  });
  logger.warn("webhook endpoint disabled", { endpoint_id: endpoint.id, reason });
}
