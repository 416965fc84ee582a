import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { postWebhook, type WebhookSend, type WebhookSent } from "./post-webhook";

// The sender thread (issue 24): the HTTP side of webhook deliveries, off the
// event loop that answers requests. It takes batches of sends from the main
// thread and answers what became of them, a batch every 5 ms at most.
// It runs at a lower CPU priority (nice 10, Linux): on a busy machine the
// requests that cause events go first and the deliveries wait, never the reverse.

try {
  setPriority(Number(readlinkSync("/proc/thread-self").split("/").pop()), 10);
} catch {
  // Not Linux, or not allowed: the thread keeps the process's priority.
}

let sent: WebhookSent[] = [];
let answering: NodeJS.Timeout | null = null;

parentPort?.on("message", (sends: WebhookSend[]) => {
  for (const send of sends) {
    void postWebhook(send).catch((error: unknown) => ({ id: send.id, status: null, latency: 0, error: error instanceof Error ? error.message : String(error) })).then((outcome) => {
      sent.push(outcome);
      answering ??= setTimeout(() => {
        parentPort?.postMessage(sent);
        sent = [];
        answering = null;
      }, 5);
    });
  }
});
