import { jsonResponse } from "./json";
import { describeRoute } from "./route-description";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Handlers for the methods a path does not serve, exported by each route file
 * beside its own. Next.js answers a missing method with an empty 405; the
 * contract wants a JSON `message` on every error, and HTTP an `Allow` header
 * naming what the path does serve. CORS preflights never reach OPTIONS here:
 * proxy.ts answers them (and the CSV upload route exports its own).
 */
export function methodsNotAllowed(served: Method[]) {
  const allow = [...served, ...(served.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
  const handler = describeRoute(async () => jsonResponse({ message: "Method not allowed." }, 405, { Allow: allow }), { kind: "not_allowed" });
  // Next.js's own OPTIONS would list these handlers as served.
  const options = async () => new Response(null, { status: 204, headers: { Allow: allow } });
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler, OPTIONS: options };
}
