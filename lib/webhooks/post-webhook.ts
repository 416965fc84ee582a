import { Pool } from "undici";
import { webhookHeaders } from "./sign-webhook";
import { webhookLookup } from "./webhook-target";

// One webhook send: signed at the moment it leaves (the timestamp is the
// send's), POSTed without following redirects, within TIMEOUT_MS. Runs in the
// sender thread (webhook-post-worker.ts), off the event loop that answers requests.
// undici, Node's own HTTP client: 62 µs of CPU a request here against 83 µs
// for node:http (40,000 POSTs to 8 local receivers), and it is what a sender
// spends nearly all its CPU on.

const TIMEOUT_MS = 10_000;
/** Connections per endpoint origin: the sender's own per-endpoint limit. */
export const PER_ENDPOINT = 32;
const MAX_ANSWER_BYTES = 65_536;

export interface WebhookSend {
  id: string;
  url: string;
  secret: string;
  messageId: string;
  body: string;
}
export interface WebhookSent {
  id: string;
  status: number | null;
  latency: number;
  error: string | null;
}
/** What the main thread hands the sender thread: single sends, and fresh events with the endpoints each goes to (key "<event id>:<endpoint id>"). */
export interface SenderBatch {
  sends: WebhookSend[];
  endpoints: { id: number; url: string; secret: string }[];
  events: { id: string; body: string; endpointIds: number[] }[];
}

// Connections are kept open between sends (an endpoint busy with a burst is
// not dialled again for every event); each new one is checked by webhookLookup.
// Sends past an origin's connections wait in its pool's queue.
const pools = new Map<string, Pool>();
function poolFor(origin: string): Pool {
  let pool = pools.get(origin);
  if (!pool) {
    if (pools.size >= 1000) {
      const [oldest, idle] = pools.entries().next().value as [string, Pool];
      pools.delete(oldest);
      void idle.close();
    }
    pool = new Pool(origin, { connections: PER_ENDPOINT, pipelining: 1, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS, connect: { lookup: webhookLookup, timeout: TIMEOUT_MS } });
    pools.set(origin, pool);
  }
  return pool;
}

// Parsed once per endpoint URL, not once per send.
const targets = new Map<string, { origin: string; path: string }>();
function targetOf(address: string): { origin: string; path: string } {
  let target = targets.get(address);
  if (!target) {
    if (targets.size >= 1000) targets.clear();
    const url = new URL(address);
    targets.set(address, (target = { origin: url.origin, path: url.pathname + url.search }));
  }
  return target;
}

export async function postWebhook(send: WebhookSend): Promise<WebhookSent> {
  const headers = webhookHeaders({ secret: send.secret, messageId: send.messageId, timestamp: Math.floor(Date.now() / 1000), body: send.body });
  const started = performance.now();
  const target = targetOf(send.url);
  try {
    const answer = await poolFor(target.origin).request({
      method: "POST",
      path: target.path,
      headers: { ...headers, "content-type": "application/json", "user-agent": "contact-center-webhooks/1.0" },
      body: send.body,
    });
    // The answer's body is read and dropped (at most 64 KB).
    await answer.body.dump({ limit: MAX_ANSWER_BYTES }).catch(() => undefined);
    return { id: send.id, status: answer.statusCode, latency: Math.round(performance.now() - started), error: null };
  } catch (error) {
    return { id: send.id, status: null, latency: Math.round(performance.now() - started), error: describe(error) };
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT" || code === "UND_ERR_CONNECT_TIMEOUT") return `no answer within ${TIMEOUT_MS / 1000} s`;
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
}
