import "server-only";
import http from "node:http";
import https from "node:https";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { database, prisma } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-sql";
import { logger } from "@/lib/logger";
import { failingTooLong, nextAttemptAt } from "./retry-schedule";
import { webhookHeaders } from "./sign-webhook";
import { endpointSecret } from "./webhook-endpoints";
import { webhookLookup } from "./webhook-target";

// The senders (issue 24): every server process works off due deliveries,
// claimed with FOR UPDATE SKIP LOCKED so each is sent by one process at a
// time; a claim lapses after 30 s (a process that died mid-send), so nothing
// is lost across a restart. Woken by the trigger's NOTIFY, and once a second
// for retries that come due. A send never runs in a request's path: the
// request only wrote the event (and, by trigger, its delivery rows).

const CHANNEL = "webhook_deliveries";
/** Sends in flight per process, and per endpoint: a slow endpoint holds its own sends, never the others'. */
const MAX_IN_FLIGHT = 64;
const PER_ENDPOINT = 8;
const TIMEOUT_MS = 10_000;

interface Due { id: string; endpoint_id: number; organization_id: number; message_id: string; payload: unknown; attempts: number; created_at: Date; url: string; secret_sealed: string; enabled: boolean; failing_since: Date | null }

// The oldest due deliveries of each endpoint (up to $2 each, none of the
// endpoints in $1, whose sends from this process are at their limit), $3 in all.
const CLAIM = `
  WITH due AS (
    SELECT d.id FROM webhook_endpoints e
    CROSS JOIN LATERAL (
      SELECT id FROM webhook_deliveries
      WHERE endpoint_id = e.id AND ((status = 'pending' AND next_attempt_at <= now()) OR (status = 'sending' AND locked_until < now()))
      ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED) d
    WHERE e.id <> ALL($1::int[])
    LIMIT $3)
  UPDATE webhook_deliveries d SET status = 'sending', locked_until = now() + interval '30 seconds', attempts = d.attempts + 1
  FROM due, webhook_endpoints e WHERE d.id = due.id AND e.id = d.endpoint_id
  RETURNING d.id::text, d.endpoint_id, d.organization_id, d.message_id, d.payload, d.attempts, d.created_at, e.url, e.secret_sealed, e.enabled, e.failing_since`;

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
const inFlight = new Map<number, number>();
const total = () => [...inFlight.values()].reduce((a, b) => a + b, 0);

/**
 * Claims what is due, as many as there is room for, and sends each on its
 * own (a slow answer holds one slot, not a batch); a finished send makes room
 * and claims again. One claim at a time per process.
 */
async function work(): Promise<void> {
  if (claiming) return void (again = true);
  claiming = true;
  try {
    do {
      again = false;
      const room = MAX_IN_FLIGHT - total();
      if (room <= 0) break;
      const full = [...inFlight].filter(([, n]) => n >= PER_ENDPOINT).map(([id]) => id);
      const due = await rawQuery<Due>(CLAIM, [full, PER_ENDPOINT, room], { secrets: true });
      for (const delivery of due) {
        inFlight.set(delivery.endpoint_id, (inFlight.get(delivery.endpoint_id) ?? 0) + 1);
        void deliver(delivery)
          .catch((error) => logger.error("webhook delivery failed", { delivery_id: delivery.id, error: error instanceof Error ? error.message : String(error) }))
          .finally(() => {
            const left = (inFlight.get(delivery.endpoint_id) ?? 1) - 1;
            if (left > 0) inFlight.set(delivery.endpoint_id, left);
            else inFlight.delete(delivery.endpoint_id);
            soon();
          });
      }
      if (due.length === room) again = true;
    } while (again);
  } catch (error) {
    logger.error("webhook sender failed", { error: error instanceof Error ? error.message : String(error) });
  } finally {
    claiming = false;
  }
}

async function deliver(delivery: Due): Promise<void> {
  if (!delivery.enabled) {
    await rawQuery("UPDATE webhook_deliveries SET status = 'failed', locked_until = NULL, last_error = 'The endpoint is disabled.' WHERE id = $1", [delivery.id]);
    return;
  }
  const body = JSON.stringify(delivery.payload);
  const headers = webhookHeaders({ secret: endpointSecret(delivery.secret_sealed), messageId: delivery.message_id, timestamp: Math.floor(Date.now() / 1000), body });
  const started = performance.now();
  const outcome = await post(delivery.url, body, headers);
  const latency = Math.round(performance.now() - started);
  const now = new Date();
  if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) return noteDelivered({ id: delivery.id, status: outcome.status, latency });
  const next = nextAttemptAt(delivery.attempts, new Date(delivery.created_at), now);
  const error = outcome.error ?? `answered ${outcome.status}`;
  await rawQuery(
    `UPDATE webhook_deliveries SET status = $2, next_attempt_at = COALESCE($3::timestamptz, next_attempt_at), locked_until = NULL, last_status_code = $4, last_latency_ms = $5, last_error = $6 WHERE id = $1`,
    [delivery.id, next ? "pending" : "failed", next, outcome.status, latency, error.slice(0, 300)],
  );
  await noteEndpointFailure(delivery, now, error);
}

// Successes are written together, a statement every 50 ms at most instead of
// one per delivery: a busy sender's bookkeeping must not crowd the requests.
const DELIVERED = `
  WITH done AS (SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[]) AS t(id, code, latency)),
  d AS (UPDATE webhook_deliveries w SET status = 'delivered', delivered_at = now(), locked_until = NULL, last_status_code = done.code, last_latency_ms = done.latency, last_error = NULL
        FROM done WHERE w.id = done.id RETURNING w.endpoint_id)
  UPDATE webhook_endpoints SET failing_since = NULL WHERE id IN (SELECT endpoint_id FROM d) AND failing_since IS NOT NULL`;
let delivered: { id: string; status: number; latency: number; done: () => void }[] = [];
let flushing: NodeJS.Timeout | null = null;

function noteDelivered(success: { id: string; status: number; latency: number }): Promise<void> {
  return new Promise((done) => {
    delivered.push({ ...success, done });
    flushing ??= setTimeout(flushDelivered, 50);
  });
}

async function flushDelivered(): Promise<void> {
  const batch = delivered;
  delivered = [];
  flushing = null;
  try {
    await rawQuery(DELIVERED, [batch.map((b) => b.id), batch.map((b) => b.status), batch.map((b) => b.latency)]);
  } catch (error) {
    // Not written: the claims lapse and these are sent again (at least once, never lost).
    logger.error("webhook deliveries not recorded", { deliveries: batch.length, error: error instanceof Error ? error.message : String(error) });
  }
  batch.forEach((b) => b.done());
}

/** The endpoint is failing since its first failure after a success; after 24 hours it is disabled and its admins told (audit log, the settings page). */
async function noteEndpointFailure(delivery: Due, now: Date, error: string): Promise<void> {
  const [endpoint] = await rawQuery<{ failing_since: Date }>(
    "UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, now()) WHERE id = $1 AND enabled RETURNING failing_since",
    [delivery.endpoint_id],
  );
  if (!endpoint || !failingTooLong(new Date(endpoint.failing_since), now)) return;
  const reason = `Disabled after failing for 24 hours; last: ${error}`.slice(0, 300);
  await prisma.$transaction(async (tx) => {
    const disabled = await tx.webhookEndpoint.updateMany({ where: { id: delivery.endpoint_id, enabled: true }, data: { enabled: false, disabled_at: now, disabled_reason: reason } });
    if (disabled.count) await writeAuditLog(tx, { organization_id: delivery.organization_id, user_id: null, action: "webhook.endpoint.disabled", subject_type: "webhook_endpoint", subject_id: delivery.endpoint_id, details: { reason } });
  });
  logger.warn("webhook endpoint disabled", { endpoint_id: delivery.endpoint_id, reason });
}

/** One POST, never following redirects, within TIMEOUT_MS; the answer's body is read and dropped (at most 64 KB). */
function post(address: string, body: string, headers: Record<string, string>): Promise<{ status: number | null; error?: string }> {
  return new Promise((resolve) => {
    const url = new URL(address);
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, { method: "POST", lookup: webhookLookup, timeout: TIMEOUT_MS, headers: { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "User-Agent": "contact-center-webhooks/1.0" } }, (response) => {
      let read = 0;
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > 65_536) response.destroy();
      });
      response.on("close", () => resolve({ status: response.statusCode ?? null }));
      response.on("error", () => resolve({ status: response.statusCode ?? null }));
    });
    request.on("timeout", () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on("error", (error) => resolve({ status: null, error: error.message }));
    request.end(body);
  });
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
