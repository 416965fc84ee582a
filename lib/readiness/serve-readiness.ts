import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { corsHeaders } from "@/lib/http/cors";
import { recordRequest } from "@/lib/metrics/metrics";
import { checkReadiness } from "./check-readiness";

// scripts/server.mjs answers GET /api/ready itself, past Next.js: Next.js
// holds every request it handles until start-up (instrumentation.ts) has
// finished, so a probe sent during a long migration would hang instead of
// hearing 503. Start-up puts this function on globalThis first thing; before
// that the server answers 503 "starting" on its own. app/api/ready/route.ts
// answers the same under a bare `next start`.

const KEY = Symbol.for("contact-center.serve-readiness");

export function serveReadinessFromOurServer(): void {
  (globalThis as typeof globalThis & { [KEY]?: (request: IncomingMessage, response: ServerResponse) => void })[KEY] = (request, response) => {
    const started = performance.now();
    void checkReadiness().then((readiness) => {
      const status = readiness.status === "ready" ? 200 : 503;
      const origin = request.headers.origin;
      const headers: Record<string, string> = { "Content-Type": "application/json", "Cache-Control": "no-store" };
      corsHeaders(typeof origin === "string" ? origin : null).forEach((value, key) => (headers[key] = value));
      response.writeHead(status, headers).end(JSON.stringify(readiness));
      recordRequest("/api/ready", "GET", status, (performance.now() - started) / 1000);
    });
  };
}
