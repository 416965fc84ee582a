import http from "node:http";
import https from "node:https";
import { webhookHeaders } from "./sign-webhook";
import { webhookLookup } from "./webhook-target";

// One webhook send: signed at the moment it leaves (the timestamp is the
// send's), POSTed without following redirects, within TIMEOUT_MS. Runs in the
// sender thread (webhook-post-worker.ts), off the event loop that answers requests.

const TIMEOUT_MS = 10_000;
/** Connections per endpoint host: the sender's own per-endpoint limit. */
export const PER_ENDPOINT = 32;

export interface WebhookSend { id: string; url: string; secret: string; messageId: string; body: string }
export interface WebhookSent { id: string; status: number | null; latency: number; error: string | null }

// Connections are kept open between sends (an endpoint busy with a burst is
// not dialled again for every event); each new one is checked by webhookLookup.
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: PER_ENDPOINT });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: PER_ENDPOINT });

export async function postWebhook(send: WebhookSend): Promise<WebhookSent> {
  const headers = webhookHeaders({ secret: send.secret, messageId: send.messageId, timestamp: Math.floor(Date.now() / 1000), body: send.body });
  const started = performance.now();
  const outcome = await post(send.url, send.body, headers);
  return { id: send.id, status: outcome.status, latency: Math.round(performance.now() - started), error: outcome.error ?? null };
}

/** The answer's body is read and dropped (at most 64 KB). */
function post(address: string, body: string, headers: Record<string, string>): Promise<{ status: number | null; error?: string }> {
  return new Promise((resolve) => {
    const url = new URL(address);
    const secure = url.protocol === "https:";
    const request = (secure ? https : http).request(url, { method: "POST", agent: secure ? httpsAgent : httpAgent, lookup: webhookLookup, timeout: TIMEOUT_MS, headers: { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "User-Agent": "contact-center-webhooks/1.0" } }, (response) => {
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
