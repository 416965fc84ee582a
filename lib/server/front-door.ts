import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { corsHeaders } from "@/lib/http/cors";
import { routeDescription } from "@/lib/http/route-description";
import { dispatchedTo } from "@/lib/http/route-template";
import { logger } from "@/lib/logger";
import { attachNodeResponse, isHandedOff } from "@/lib/events/stream-transport";
import type { Ahead, OperationGroup } from "@/lib/routes/operation-group";
import { provide } from "@/lib/process/process-registry";
import { fetchRequestFrom, sendFetchResponse } from "./node-fetch";

// The routes our server answers ahead of the framework, read from the API's
// one table of routes (app/api/operations.ts: a row's `ahead`, from the route folder's docs.ts). scripts/server.mjs
// offers every request to the function this provides in the process registry
// ("front-door") and hands the rest to Next.js. The same route handler
// answers either way (its wrapper authenticates, validates, times and
// shapes the answer); only the dispatch takes the short way:
//
//   probe     GET /api/ready: Next.js holds every request until start-up has
//             finished, and a load balancer must hear 503 during a migration.
//   stream    GET /api/events: a thousand streams held open for hours cost
//             their sockets, not a thousand framework requests
//             (the route writes to Node's response itself).
//   callback  a provider callback sent without an Origin header: the
//             framework's request handling was 40% of a callback's CPU in a
//             burst (decision 016). One with an Origin goes through Next.js,
//             which adds the CORS headers.
//
// Under `next dev` or a bare `next start` nothing provides the door: the same
// paths reach the same handlers through Next.js.

type Handler = (request: Request) => Promise<Response>;
type Serve = (incoming: IncomingMessage, response: ServerResponse) => boolean;

interface Entry {
  ahead: Ahead;
  method: "GET" | "POST";
  handler: Handler;
  /** The longest body read (callbacks; GETs have none). */
  bodyLimit?: number;
  /** The answer's content type and body when answering fails outright. */
  failure: { contentType: string; body: string };
}

const JSON_FAILURE = { contentType: "application/json", body: JSON.stringify({ message: "Server error." }) };

/** The table's rows served ahead of the framework, checked: a provider callback the table does not mark, or a mark on the wrong handler, stops start-up. */
function entries(operations: OperationGroup[]): Map<string, Entry> {
  const table = new Map<string, Entry>();
  for (const group of operations) {
    const post = routeDescription(group.module.POST);
    if (post?.kind === "provider" && group.ahead !== "callback") throw new Error(`${group.path}: a provider callback the route table does not mark ahead: "callback"`);
    if (!group.ahead) continue;
    const method = group.ahead === "callback" ? "POST" : "GET";
    const handler = group.module[method] as Handler | undefined;
    const description = routeDescription(handler);
    if (!handler || !description) throw new Error(`${group.path}: ahead: "${group.ahead}" needs a described ${method} handler`);
    if (description.kind === "provider") {
      // One byte past the route's limit: enough for it to refuse a longer body as it does through Next.js.
      table.set(group.path, {
        ahead: group.ahead,
        method,
        handler,
        bodyLimit: description.callback.maxBodyBytes + 1,
        failure: { contentType: description.callback.mediaType, body: description.callback.serverError },
      });
    } else {
      if (group.ahead === "callback") throw new Error(`${group.path}: ahead: "callback" on a route that is not a provider callback`);
      table.set(group.path, { ahead: group.ahead, method, handler, failure: JSON_FAILURE });
    }
  }
  return table;
}

export interface FrontDoor {
  /** From now on, answers these kinds of route ahead of the framework. */
  admit(...kinds: Ahead[]): void;
}

/** Provides the door (start-up, first thing); it answers what start-up admits. */
export function openFrontDoor(operations: OperationGroup[]): FrontDoor {
  const table = entries(operations);
  const admitted = new Set<Ahead>();
  const serve: Serve = (incoming, response) => {
    const url = incoming.url ?? "/";
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    const entry = table.get(path);
    if (!entry || !admitted.has(entry.ahead) || incoming.method !== entry.method) return false;
    if (entry.ahead === "callback" && incoming.headers.origin) return false;
    void answer(entry, path, incoming, response).catch((error) => {
      logger.error("answering ahead of the framework failed", { path, error: error instanceof Error ? error.message : String(error) });
      if (!response.headersSent) response.writeHead(500, { "Content-Type": entry.failure.contentType }).end(entry.failure.body);
      else response.destroy();
    });
    return true;
  };
  provide("front-door", serve);
  return { admit: (...kinds) => kinds.forEach((kind) => admitted.add(kind)) };
}

async function answer(entry: Entry, path: string, incoming: IncomingMessage, response: ServerResponse): Promise<void> {
  const request = await fetchRequestFrom(incoming, { bodyLimit: entry.bodyLimit });
  // The metrics' route label: the path it matched exactly (the route's wrapper times it).
  dispatchedTo(request, path);
  if (entry.ahead === "stream") attachNodeResponse(request, response);
  const result = await entry.handler(request);
  // A stream the route wrote to Node's response itself is under way.
  if (isHandedOff(result)) return;
  // Callbacks come without an Origin; the others get the CORS headers proxy.ts gives the rest of /api.
  const origin = incoming.headers.origin;
  await sendFetchResponse(response, result, entry.ahead === "callback" ? undefined : corsHeaders(typeof origin === "string" ? origin : null));
}
