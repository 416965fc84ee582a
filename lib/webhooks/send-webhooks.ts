import "server-only";
import { Worker } from "node:worker_threads";
import { prepared } from "@/lib/db/prepared";
import { runSql } from "@/lib/db/run-sql";
import { logger } from "@/lib/logger";
import { onShutdown } from "@/lib/shutdown";
import { claimOutbox, endpointTargets, releaseClaims, renewOutboxClaims } from "./claim-outbox";
import { PER_ENDPOINT, type SenderBatch, type WebhookSend, type WebhookSent } from "./post-webhook";
import { flushOutcomes, recordOutboxFinished, recordOutcome } from "./record-deliveries";
import { endpointSecret } from "./webhook-endpoints";
import { processSingleton } from "@/lib/process/process-registry";
import { listen } from "@/lib/db/listen";

// The senders (issue 24), in every server process. Two sources:
// - fresh events: outbox rows (one per event some endpoint wants, written by
//   the trigger on events), claimed in batches, fanned out to their endpoints
//   in memory and sent at once; each delivery is written once, with its
//   outcome (record-deliveries.ts). An endpoint already holding
//   FRESH_PER_ENDPOINT sends, or failing, gets its share as a pending row instead.
// - delivery rows: retries, that backlog, replays and once-only happenings,
//   claimed with FOR UPDATE SKIP LOCKED while their endpoint has fewer than
//   PER_ENDPOINT sends out (a failing endpoint: none out in this process, so
//   each process probes it one send at a time, not flooded, until an answer
//   clears it); a claim lapses after 30 s.
// Woken by the trigger's NOTIFY, and once a second (retries that come due,
// lapsed claims). A send never runs in a request's path: the request only
// wrote the event. This thread claims and records; the HTTP sends run in the
// sender thread (webhook-post-worker.ts), so a burst never holds up requests.

const CHANNEL = "webhook_deliveries";
/** Sends out per process, fresh and retried. */
const MAX_IN_FLIGHT = 20_000;
/** Fresh sends queued per endpoint (its connections take PER_ENDPOINT at a time); past it, the rest wait as rows. */
const FRESH_PER_ENDPOINT = 1_000;
/** Events per claim. */
const CLAIM_EVENTS = 500;
const RENEW_EVERY_MS = 5_000;

interface Due {
  id: string;
  endpoint_id: number;
  message_id: string;
  payload: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret_sealed: string;
  enabled: boolean;
}

// The oldest due delivery rows of each endpoint, as many as its room in this
// process ($3 less its sends out, given as $1 ids and $2 counts; a failing
// endpoint is probed one send at a time per process), $4 in all.
const CLAIM_ROWS = prepared(`
  WITH busy AS (SELECT * FROM unnest($1::int[], $2::int[]) AS b(endpoint_id, n)),
  room AS (
    SELECT e.id, (CASE WHEN e.failing_since IS NULL THEN $3::int ELSE 1 END) - COALESCE(busy.n, 0) AS n
    FROM webhook_endpoints e LEFT JOIN busy ON busy.endpoint_id = e.id),
  due AS (
    SELECT d.id FROM room
    CROSS JOIN LATERAL (
      SELECT id FROM webhook_deliveries
      WHERE endpoint_id = room.id AND ((status = 'pending' AND next_attempt_at <= now()) OR (status = 'sending' AND locked_until < now()))
      ORDER BY next_attempt_at LIMIT GREATEST(room.n, 0) FOR UPDATE SKIP LOCKED) d
    WHERE room.n > 0
    LIMIT $4)
  UPDATE webhook_deliveries d SET status = 'sending', locked_until = now() + interval '30 seconds', attempts = d.attempts + 1
  FROM due, webhook_endpoints e WHERE d.id = due.id AND e.id = d.endpoint_id
  RETURNING d.id::text, d.endpoint_id, d.message_id, d.payload::text AS payload, d.attempts, d.created_at, e.url, e.secret_sealed, e.enabled`);

/** A send out, by its key: "r<delivery id>" for a row, "<event id>:<endpoint id>" for a fresh event. */
type Flight = { endpointId: number; createdAt: Date } & ({ kind: "retry"; deliveryId: string; attempts: number } | { kind: "fresh"; outboxId: string });
const flights = new Map<string, Flight>();
const perEndpoint = new Map<number, number>();
/** Claimed events and how many of their sends are still out. */
const eventsOut = new Map<string, number>();

function track(key: string, flight: Flight): void {
  flights.set(key, flight);
  perEndpoint.set(flight.endpointId, (perEndpoint.get(flight.endpointId) ?? 0) + 1);
}

function untrack(key: string): Flight | undefined {
  const flight = flights.get(key);
  if (!flight) return undefined;
  flights.delete(key);
  const n = (perEndpoint.get(flight.endpointId) ?? 1) - 1;
  if (n > 0) perEndpoint.set(flight.endpointId, n);
  else perEndpoint.delete(flight.endpointId);
  return flight;
}

/** One of a fresh event's deliveries is settled; the last one takes its outbox row with it. */
function eventSettled(outboxId: string): void {
  const left = (eventsOut.get(outboxId) ?? 1) - 1;
  if (left > 0) return void eventsOut.set(outboxId, left);
  eventsOut.delete(outboxId);
  recordOutboxFinished(outboxId);
}

/** Runs `task` one at a time; a call while it runs makes it run once more after. */
function serial(task: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) return void (again = true);
    running = true;
    again = false;
    void task()
      .catch((error: unknown) => logger.error("webhook sender failed", { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        running = false;
        if (again) run();
      });
  };
  return run;
}

/** Claims fresh events while there is room, and hands their sends to the sender thread. */
const sendFresh = serial(() => claimFresh(false));
/** Due delivery rows. */
const sendDue = serial(claimRows);
/** Other processes' lapsed claims: once a second (and on reconnecting), not after every batch of answers. */
const sendLapsed = serial(() => claimFresh(true));

// Endpoints this process has sent fresh events to, and whether each was failing
// then. A claim takes as many events as the least busy healthy one has room
// for: claiming more would only turn the busy ones' shares into rows (three
// writes each instead of one). A failing endpoint holds no fresh sends, so it
// says nothing of the room.
const knownEndpoints = new Map<number, boolean>();
function freshRoom(): number {
  let room = 0;
  let healthy = 0;
  for (const [id, failing] of knownEndpoints) {
    if (failing) continue;
    healthy += 1;
    room = Math.max(room, FRESH_PER_ENDPOINT - (perEndpoint.get(id) ?? 0));
  }
  return healthy ? room : CLAIM_EVENTS;
}

/** Set when the process stops: nothing more is claimed, and what it held is given back. */
let stopping = false;

async function claimFresh(lapsed: boolean): Promise<void> {
  for (;;) {
    if (stopping) return;
    const room = MAX_IN_FLIGHT - flights.size;
    if (room <= 0) return;
    const limit = Math.min(CLAIM_EVENTS, Math.ceil(room / 10), freshRoom());
    if (limit <= 0) return;
    const claimed = await claimOutbox({ limit, lapsed, own: lapsed ? [...eventsOut.keys()] : [] });
    if (!claimed.length) return;
    const targets = new Map((await endpointTargets([...new Set(claimed.flatMap((e) => e.endpoint_ids))])).map((t) => [t.id, t]));
    for (const target of targets.values()) knownEndpoints.set(target.id, target.failing);
    const batch: SenderBatch = { sends: [], endpoints: [...targets.values()].map((t) => ({ id: t.id, url: t.url, secret: secretOf(t.secret_sealed) })), events: [] };
    for (const event of claimed) {
      const createdAt = new Date(event.created_at);
      const sendTo: number[] = [];
      for (const endpointId of event.endpoint_ids) {
        const target = targets.get(endpointId);
        if (!target) continue; // deleted or disabled since the claim's snapshot
        // A failing endpoint is probed one delivery at a time by the rows (claimRows), not flooded with every event.
        if (target.failing || (perEndpoint.get(endpointId) ?? 0) >= FRESH_PER_ENDPOINT) {
          recordOutcome({ kind: "fresh", outboxId: event.id, endpointId, createdAt, status: null, latency: 0, error: null, final: false, tried: false });
          continue;
        }
        track(`${event.id}:${endpointId}`, { kind: "fresh", outboxId: event.id, endpointId, createdAt });
        sendTo.push(endpointId);
      }
      if (sendTo.length) {
        eventsOut.set(event.id, sendTo.length);
        batch.events.push({ id: event.id, body: event.body, endpointIds: sendTo });
      } else recordOutboxFinished(event.id);
    }
    if (batch.events.length) senderThread().postMessage(batch);
    if (claimed.length < limit) return;
  }
}

async function claimRows(): Promise<void> {
  if (stopping) return;
  const room = Math.min(MAX_IN_FLIGHT - flights.size, 512);
  if (room <= 0) return;
  const due = await runSql("pool", { secrets: true }).rows<Due>(CLAIM_ROWS, [[...perEndpoint.keys()], [...perEndpoint.values()], PER_ENDPOINT, room]);
  const sends: WebhookSend[] = [];
  for (const row of due) {
    const flight: Flight = { kind: "retry", deliveryId: row.id, endpointId: row.endpoint_id, attempts: row.attempts, createdAt: new Date(row.created_at) };
    if (!row.enabled) {
      recordOutcome({ ...flight, status: null, latency: 0, error: "The endpoint is disabled.", final: true });
      continue;
    }
    track(`r${row.id}`, flight);
    sends.push({ id: `r${row.id}`, url: row.url, secret: secretOf(row.secret_sealed), messageId: row.message_id, body: row.payload });
  }
  if (sends.length) senderThread().postMessage({ sends, endpoints: [], events: [] } satisfies SenderBatch);
}

/** What the sender thread answered: each send's outcome is recorded, and its slot is free. */
function received(sent: WebhookSent[]): void {
  for (const outcome of sent) settle(outcome.id, outcome);
  if (flights.size === 0) for (const resolve of idle.splice(0)) resolve();
  soon();
}

const idle: (() => void)[] = [];
/** Resolves when no send is out, or after `ms`. */
function allAnswered(ms: number): Promise<void> {
  if (flights.size === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timeout = setTimeout(resolve, ms);
    idle.push(() => {
      clearTimeout(timeout);
      resolve();
    });
  });
}

function settle(key: string, { status, latency, error }: { status: number | null; latency: number; error: string | null }): void {
  const flight = untrack(key);
  if (!flight) return;
  if (flight.kind === "retry") recordOutcome({ ...flight, status, latency, error, final: false });
  else {
    recordOutcome({ ...flight, status, latency, error, final: false, tried: true });
    eventSettled(flight.outboxId);
  }
}

// Freed slots claim again together, 50 ms later: one claim for a burst of answers, not one per answer.
let waking: NodeJS.Timeout | null = null;
function soon(): void {
  waking ??= setTimeout(() => {
    waking = null;
    sendFresh();
    sendDue();
  }, 50);
}

let thread: Worker | null = null;
/** The sender thread, started again if it ever stops; what it held is retried like any failed send (at least once, never lost). */
function senderThread(): Worker {
  if (thread) return thread;
  const started = new Worker(new URL("./webhook-post-worker.ts", import.meta.url));
  started.on("message", received);
  started.on("error", (error) => logger.error("webhook sender thread failed", { error: error.message }));
  started.on("exit", () => {
    thread = null;
    for (const key of [...flights.keys()]) settle(key, { status: null, latency: 0, error: "The sender stopped before an answer." });
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

const sender = processSingleton("webhook-sender", () => ({ started: false }));

/** Every server process sends webhooks: woken by the trigger's NOTIFY, and once a second for retries and lapsed claims. */
export async function startWebhookSender(): Promise<void> {
  if (sender.started) return;
  sender.started = true;
  // The trigger says which: "outbox" (a fresh event) or "rows" (a once-only happening's delivery rows).
  await listen(
    CHANNEL,
    (payload) => (payload === "rows" ? sendDue() : sendFresh()),
    () => {
      sendFresh();
      sendLapsed();
      sendDue();
    },
  );
  setInterval(() => {
    sendFresh();
    sendLapsed();
    sendDue();
  }, 1000).unref();
  setInterval(
    () => void renewOutboxClaims([...eventsOut.keys()]).catch((error: unknown) => logger.error("webhook claims not renewed", { error: error instanceof Error ? error.message : String(error) })),
    RENEW_EVERY_MS,
  ).unref();
  onShutdown(async () => {
    stopping = true;
    // Sends out are let finish and their outcomes recorded (2.5 s at most of the 4 the shutdown has): given back
    // unrecorded, another server would send them again. What is still out after that is given back (at least once).
    await allAnswered(2_500);
    await flushOutcomes();
    const deliveries = [...flights.values()].flatMap((f) => (f.kind === "retry" ? [f.deliveryId] : []));
    await releaseClaims({ events: [...eventsOut.keys()], deliveries });
  });
  // Started now, not at the first event: loading it at nice 10 on a busy machine held the first deliveries for a second.
  senderThread();
  sendFresh();
  sendLapsed();
  sendDue();
}
