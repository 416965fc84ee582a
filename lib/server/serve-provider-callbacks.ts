import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { routeDescription } from "@/lib/http/route-description";
import { dispatchedTo } from "@/lib/http/route-template";
import { logger } from "@/lib/logger";
import type { OperationGroup } from "@/lib/openapi/operation-group";
import { MAX_CALLBACK_BYTES, xmlMessage } from "@/lib/twilio/in/provider-route";

// scripts/server.mjs offers every POST without an Origin header to the
// function this puts on globalThis, before Next.js sees the request; it
// answers the provider callbacks (the routes providerRoute wraps, under
// /api/telephony and /api/voice/manual) and hands back the rest. The provider posts
// several callbacks per call, hundreds a second in a burst of callers; each
// went through the framework's request handling, about 1 ms of CPU of the
// 2.5 ms a callback cost (docs/decisions/016-provider-callbacks-past-the-framework.md). The same route handler answers
// (providerRoute: organization, signature, the body's limit, the TwiML): only
// the dispatch takes the short way, as event streams do.

const KEY = Symbol.for("contact-center.serve-provider-callback");
/** true: answered here; false: not a provider callback, Next.js answers it. */
type ServeProviderCallback = (request: IncomingMessage, response: ServerResponse) => boolean;

/** providerRoute's limit and one byte more: enough for it to refuse a longer body as it does through Next.js. */
const BODY_LIMIT = MAX_CALLBACK_BYTES + 1;

type Handler = (request: Request) => Promise<Response>;

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade"]);

function providerHandlers(operations: OperationGroup[]): Map<string, Handler> {
  const handlers = new Map<string, Handler>();
  for (const group of operations) {
    const post = group.module.POST;
    if (routeDescription(post)?.kind === "provider") handlers.set(group.path, post as Handler);
  }
  return handlers;
}

/** `operations`: the API's table of routes (app/api/operations.ts); the provider callbacks are the routes providerRoute wraps. */
export function serveProviderCallbacksFromOurServer(operations: OperationGroup[]): void {
  const handlers = providerHandlers(operations);
  (globalThis as typeof globalThis & { [KEY]?: ServeProviderCallback })[KEY] = (incoming, response) => {
    const url = incoming.url ?? "/";
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    const handler = handlers.get(path);
    if (!handler) return false;
    void answer(handler, path, incoming, response).catch((error) => {
      logger.error("provider callback failed", { error: error instanceof Error ? error.message : String(error) });
      if (!response.headersSent) response.writeHead(500, { "Content-Type": "text/xml; charset=utf-8" }).end(xmlMessage("Error", "Server error."));
      else response.destroy();
    });
    return true;
  };
}

async function answer(handler: Handler, path: string, incoming: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readUpTo(incoming, BODY_LIMIT);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    // The body is whole here: how it came over the connection is not the route's business.
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    try {
      headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    } catch {
      // A value the Fetch API cannot hold is a header the route never sees (as if not sent).
    }
  }
  const request = new Request(new URL(incoming.url ?? "/", "http://localhost"), { method: "POST", headers, body: body as Uint8Array<ArrayBuffer> });
  // The metrics' route label (providerRoute times the callback): the path it matched exactly.
  dispatchedTo(request, path);
  const result = await handler(request);
  response.writeHead(result.status, Object.fromEntries(result.headers));
  response.end(Buffer.from(await result.arrayBuffer()));
}

/** The body, up to `limit` bytes; the rest is read and dropped (the route refuses a body that long). */
function readUpTo(incoming: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on("data", (chunk: Buffer) => {
      if (size >= limit) return;
      chunks.push(chunk);
      size += chunk.length;
    });
    incoming.on("end", () => resolve(Buffer.concat(chunks).subarray(0, limit)));
    incoming.on("error", reject);
  });
}
