import "server-only";
import { Worker } from "node:worker_threads";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { database, prisma } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-sql";
import { logger } from "@/lib/logger";
import { PER_ENDPOINT, type WebhookSend, type WebhookSent } from "./post-webhook";
import { failingTooLong, nextAttemptAt } from "./retry-schedule";
import { endpointSecret } from "./webhook-endpoints";

// The senders (issue 24): every server process works off due deliveries,
// claimed with FOR UPDATE SKIP LOCKED so each is sent by one process at a
// time; a claim lapses after 30 s (a process that died mid-send), so nothing
// is lost across a restart. Woken by the trigger's NOTIFY, and once a second
// for retries that come due. A send never runs in a request's path: the
// request only wrote the event (and, by trigger, its delivery rows). This
// thread claims and records; the HTTP sends run in the sender thread
// (webhook-post-worker.ts), so a burst of deliveries never holds up requests.

const CHANNEL = "webhook_deliveries";
/** Sends in flight per process; per endpoint, PER_ENDPOINT: a slow endpoint holds its own sends, never the others'. */
const MAX_IN_FLIGHT = 512;

interface Due { id: string; endpoint_id: number; organization_id: number; message_id: string; payload: unknown; attempts: number; created_at: Date; url: string; secret_sealed: string; enabled: boolean }

// The oldest due deliveries of each endpoint, as many as its room in this
// process ($3 less its sends in flight, given as $1 ids and $2 counts), $4 in all.
const CLAIM = `
  WITH busy AS (SELECT * FROM unnest($1::int[], $2::int[]) AS b(endpoint_id, n)),
  due AS (
    SELECT d.id FROM webhook_endpoints e
    LEFT JOIN busy ON busy.endpoint_id = e.id
    CROSS JOIN LATERAL (
      SELECT id FROM webhook_deliveries
      WHERE endpoint_id = e.id AND ((status = 'pending' AND next_attempt_at <= now()) OR (status = 'sending' AND locked_until < now()))
      ORDER BY next_attempt_at LIMIT $3::int - COALESCE(busy.n, 0) FOR UPDATE SKIP LOCKED) d
    WHERE COALESCE(busy.n, 0) < $3::int
    LIMIT $4)
  UPDATE webhook_deliveries d SET status = 'sending', locked_until = now() + interval '30 seconds', attempts = d.attempts + 1
  FROM due, webhook_endpoints e WHERE d.id = due.id AND e.id = d.endpoint_id
  RETURNING d.id::text, d.endpoint_id, d.organization_id, d.message_id, d.payload, d.attempts, d.created_at, e.url, e.secret_sealed, e.enabled`;

// Finished sends claim again together, 20 ms later: one claim for the slots
// a burst of answers freed, not one per answer.
let waking: NodeJS.Timeout | null = null;
function soon(): void {
  waking ??= setTimeout(() => {
    waking = null;
    void work();
  }, 20);
}

let claiming = false;
let again = false;
/** The sends in flight, by delivery id, and their count per endpoint. */
const sending = new Map<string, Due>();
const perEndpoint = new Map<number, number>();

function track(delivery: Due, delta: 1 | -1): void {
  const n = (perEndpoint.get(delivery.endpoint_id) ?? 0) + delta;
  if (n > 0) perEndpoint.set(delivery.endpoint_id, n);
  else perEndpoint.delete(delivery.endpoint_id);
  if (delta > 0) sending.set(delivery.id, delivery);
  else sending.delete(delivery.id);
}

/**
 * Claims what is due, as many as there is room for, and hands the sends to
 * the sender thread in one message; each answer makes room and claims again.
 * One claim at a time per process.
 */
async function work(): Promise<void> {
  if (claiming) return void (again = true);
  claiming = true;
  try {
    do {
      again = false;
      const room = MAX_IN_FLIGHT - sending.size;
      if (room <= 0) break;
      const due = await rawQuery<Due>(CLAIM, [[...perEndpoint.keys()], [...perEndpoint.values()], PER_ENDPOINT, room], { secrets: true });
      const sends: WebhookSend[] = [];
      for (const delivery of due) {
        if (!delivery.enabled) {
          settle({ delivery, status: null, latency: 0, error: "The endpoint is disabled.", final: true });
          continue;
        }
        track(delivery, 1);
        sends.push({ id: delivery.id, url: delivery.url, secret: secretOf(delivery.secret_sealed), messageId: delivery.message_id, body: JSON.stringify(delivery.payload) });
      }
      if (sends.length) senderThread().postMessage(sends);
      if (due.length === room) again = true;
    } while (again);
  } catch (error) {
    logger.error("webhook sender failed", { error: error instanceof Error ? error.message : String(error) });
  } finally {
    claiming = false;
  }
}

/** What the sender thread answered: each send's outcome is recorded, and its slot is free. */
function received(outcomes: WebhookSent[]): void {
  for (const outcome of outcomes) {
    const delivery = sending.get(outcome.id);
    if (!delivery) continue;
    track(delivery, -1);
    settle({ delivery, status: outcome.status, latency: outcome.latency, error: outcome.error, final: false });
  }
  soon();
}

let thread: Worker | null = null;
/** The sender thread, started again if it ever stops; the sends it held lapse and are claimed again (at least once, never lost). */
function senderThread(): Worker {
  if (thread) return thread;
  const started = new Worker(new URL("./webhook-post-worker.ts", import.meta.url));
  started.on("message", received);
  started.on("error", (error) => logger.error("webhook sender thread failed", { error: error.message }));
  started.on("exit", () => {
    thread = null;
    for (const delivery of [...sending.values()]) track(delivery, -1);
  });
  started.unref();
  return (thread = started);
}

// Opened once per sealed secret, not once per delivery.
const secrets = new Map<string, string>();
function secretOf(sealed: string): string {
  let secret = secrets.get(sealed);
  if (secret === undefined) {
    if (secrets.size > 1000) secrets.clear();
    secrets.set(sealed, (secret = endpointSecret(sealed)));
  }
  return secret;
}

// What became of each send is written together, one statement every 25 ms at
// most instead of one per send: a busy sender's bookkeeping must not crowd the
// requests. A send's slot is free as soon as its answer is in; until the
// statement runs, its row stays claimed, so nobody sends it again meanwhile.
const SETTLE = `
  WITH done AS (SELECT * FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::int[], $5::int[], $6::text[]) AS t(id, status, next_at, code, latency, error)),
  d AS (UPDATE webhook_deliveries w SET status = done.status, next_attempt_at = COALESCE(done.next_at, w.next_attempt_at), locked_until = NULL,
          delivered_at = CASE WHEN done.status = 'delivered' THEN now() ELSE w.delivered_at END,
          last_status_code = done.code, last_latency_ms = done.latency, last_error = done.error
        FROM done WHERE w.id = done.id RETURNING w.endpoint_id, done.status = 'delivered' AS ok)
  UPDATE webhook_endpoints e SET failing_since = CASE WHEN o.ok THEN NULL ELSE COALESCE(e.failing_since, now()) END
  FROM (SELECT endpoint_id, bool_or(ok) AS ok FROM d GROUP BY endpoint_id) o
  WHERE e.id = o.endpoint_id AND e.enabled AND (NOT o.ok OR e.failing_since IS NOT NULL)
  RETURNING e.id, e.organization_id, e.failing_since`;
interface Outcome { delivery: Due; status: number | null; latency: number; error: string | null; final: boolean }
let outcomes: Outcome[] = [];
let settling: NodeJS.Timeout | null = null;

function settle(outcome: Outcome): void {
  outcomes.push(outcome);
  settling ??= setTimeout(() => void flushOutcomes(), 25);
}

async function flushOutcomes(): Promise<void> {
  const batch = outcomes;
  outcomes = [];
  settling = null;
  const now = new Date();
  const rows = batch.map(({ delivery, status, latency, error, final }) => {
    const ok = status !== null && status >= 200 && status < 300;
    const next = ok || final ? null : nextAttemptAt(delivery.attempts, new Date(delivery.created_at), now);
    return { id: delivery.id, status: ok ? "delivered" : next ? "pending" : "failed", next, code: status, latency, error: ok ? null : (error ?? `answered ${status}`).slice(0, 300) };
  });
  try {
    const failing = await rawQuery<{ id: number; organization_id: number; failing_since: Date | null }>(SETTLE, [
      rows.map((r) => r.id), rows.map((r) => r.status), rows.map((r) => r.next), rows.map((r) => r.code), rows.map((r) => r.latency), rows.map((r) => r.error),
    ]);
    const lastError = new Map(rows.map((r, i) => [batch[i].delivery.endpoint_id, r.error ?? ""]));
    for (const endpoint of failing) {
      if (failingTooLong(endpoint.failing_since && new Date(endpoint.failing_since), now)) await disableEndpoint(endpoint, lastError.get(endpoint.id) ?? "");
    }
  } catch (error) {
    // Not written: the claims lapse and these are sent again (at least once, never lost).
    logger.error("webhook deliveries not recorded", { deliveries: batch.length, error: error instanceof Error ? error.message : String(error) });
  }
}

/** An endpoint failing for 24 hours is disabled and its admins told (audit log, the settings page). */
async function disableEndpoint(endpoint: { id: number; organization_id: number }, error: string): Promise<void> {
  const reason = `Disabled after failing for 24 hours; last: ${error}`.slice(0, 300);
  await prisma.$transaction(async (tx) => {
    const disabled = await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id, enabled: true }, data: { enabled: false, disabled_at: new Date(), disabled_reason: reason } });
    if (disabled.count) await writeAuditLog(tx, { organization_id: endpoint.organization_id, user_id: null, action: "webhook.endpoint.disabled", subject_type: "webhook_endpoint", subject_id: endpoint.id, details: { reason } });
  });
  logger.warn("webhook endpoint disabled", { endpoint_id: endpoint.id, reason });
}

const STARTED = Symbol.for("contact-center.webhook-sender");
const holder = globalThis as typeof globalThis & { [STARTED]?: boolean };

/** Every server process sends webhooks: woken by the trigger's NOTIFY, and once a second for retries. */
export async function startWebhookSender(): Promise<void> {
  if (holder[STARTED]) return;
  holder[STARTED] = true;
  await database().driver.listen(CHANNEL, () => void work(), () => void work());
  setInterval(() => void work(), 1000).unref();
  void work();
}
