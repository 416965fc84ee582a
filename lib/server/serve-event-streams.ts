import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { corsHeaders } from "@/lib/http/cors";
import { dispatchedTo } from "@/lib/http/route-template";
import { logger } from "@/lib/logger";
import { eventStreamRoute } from "./event-stream-route";
import { attachNodeResponse, isHandedOff } from "@/lib/events/stream-transport";

// scripts/server.mjs hands every `GET /api/events` to the function this puts
// on globalThis, before Next.js sees the request: a thousand streams held
// open for hours should cost their sockets, not a thousand framework
// requests. The request still goes through the one route wrapper
// (authentication, validation, the error shapes) and gets the CORS headers
// proxy.ts gives the rest of /api; only the bytes take the short way.

const KEY = Symbol.for("contact-center.serve-event-stream");
type ServeEventStream = (request: IncomingMessage, response: ServerResponse) => void;

export function serveEventStreamsFromOurServer(): void {
  (globalThis as typeof globalThis & { [KEY]?: ServeEventStream })[KEY] = (request, response) => {
    void serve(request, response).catch((error) => {
      logger.error("event stream failed", { error: error instanceof Error ? error.message : String(error) });
      if (!response.headersSent) response.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ message: "Server error." }));
      else response.destroy();
    });
  };
}

async function serve(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    try {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    } catch {
      // A value the Fetch API cannot hold is a header the route never sees (as if not sent).
    }
  }
  const request = new Request(new URL(incoming.url ?? "/", "http://localhost"), { headers });
  // The metrics' route label (the route wrapper times the stream's opening).
  dispatchedTo(request, "/api/events");
  corsHeaders(headers.get("origin")).forEach((value, key) => response.setHeader(key, value));
  attachNodeResponse(request, response);

  const answer = await eventStreamRoute(request);
  if (isHandedOff(answer)) return;
  // Refused (401, 422, 429): the route's JSON answer, as Next.js would have sent it.
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.end(Buffer.from(await answer.arrayBuffer()));
}
