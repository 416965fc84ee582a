import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { postWebhook, type SenderBatch, type WebhookSend, type WebhookSent } from "./post-webhook";

// The sender thread (issue 24): the HTTP side of webhook deliveries, off the
// event loop that answers requests. It takes batches from the main thread
// (retries as single sends; fresh events once each, with the endpoints that
// want them, fanned out here so a body crosses threads once, not once per
// endpoint) and answers what became of each send, a batch every 5 ms at most.
// It runs at a lower CPU priority (nice 10, Linux): on a busy machine the
// requests that cause events go first and the deliveries wait, never the reverse.

try {
  setPriority(Number(readlinkSync("/proc/thread-self").split("/").pop()), 10);
} catch {
  // Not Linux, or not allowed: the thread keeps the process's priority.
}

let sent: WebhookSent[] = [];
let answering: NodeJS.Timeout | null = null;

function answer(outcome: WebhookSent): void {
  sent.push(outcome);
  answering ??= setTimeout(() => {
    parentPort?.postMessage(sent);
    sent = [];
    answering = null;
  }, 5);
}

function send(one: WebhookSend): void {
  void postWebhook(one)
    .catch((error: unknown) => ({ id: one.id, status: null, latency: 0, error: error instanceof Error ? error.message : String(error) }))
    .then(answer);
}

parentPort?.on("message", (batch: SenderBatch) => {
  for (const one of batch.sends) send(one);
  const endpoints = new Map(batch.endpoints.map((e) => [e.id, e]));
  for (const event of batch.events) {
    for (const endpointId of event.endpointIds) {
      const endpoint = endpoints.get(endpointId);
      if (endpoint) send({ id: `${event.id}:${endpointId}`, url: endpoint.url, secret: endpoint.secret, messageId: `msg_${event.id}`, body: event.body });
    }
  }
});
