// Cross-origin rules of the spec: exactly one allowed origin (FRONTEND_URL),
// every method and header, credentials, on a fixed set of path prefixes.
// Pure functions so proxy.ts (which runs before any route) and tests share them.

import { describeRoute, routeDescription } from "./route-description";

const CORS_PATHS = [/^\/api\//, /^\/sanctum\/csrf-cookie$/, /^\/dashboard\//, /^\/auth\//, /^\/analytics\//];

export function isCorsPath(pathname: string): boolean {
  return CORS_PATHS.some((pattern) => pattern.test(pathname));
}

export function allowedOrigin(): string {
  const port = process.env.PORT || "3000";
  const appUrl = process.env.APP_URL || `http://localhost:${port}`;
  return (process.env.FRONTEND_URL || appUrl).replace(/\/+$/, "");
}

/** Headers for a response to `origin`; none at all when the origin is not allowed. */
export function corsHeaders(origin: string | null, preflight?: { method: string | null; headers: string | null }) {
  const headers = new Headers();
  if (!origin || origin !== allowedOrigin()) return headers;
  headers.set("Access-Control-Allow-Origin", origin);
  headers.set("Access-Control-Allow-Credentials", "true");
  headers.append("Vary", "Origin");
  if (preflight) {
    // "All methods and headers": echo what the browser asks for (a wildcard
    // is not honoured by browsers on credentialed requests).
    headers.set("Access-Control-Allow-Methods", preflight.method || "GET, POST, PUT, PATCH, DELETE, OPTIONS");
    if (preflight.headers) headers.set("Access-Control-Allow-Headers", preflight.headers);
    headers.set("Access-Control-Max-Age", "7200");
  }
  return headers;
}

/** The answer to a CORS preflight, for routes the proxy does not cover. */
export function preflightResponse(request: Request): Response {
  const headers = corsHeaders(request.headers.get("origin"), {
    method: request.headers.get("access-control-request-method"),
    headers: request.headers.get("access-control-request-headers"),
  });
  return new Response(null, { status: 204, headers });
}

/** Adds the CORS headers to a handler's responses, for routes the proxy does not cover. */
export function withCors(handler: (request: Request) => Promise<Response>) {
  const wrapped = async (request: Request): Promise<Response> => {
    const response = await handler(request);
    corsHeaders(request.headers.get("origin")).forEach((value, key) => response.headers.set(key, value));
    return response;
  };
  const description = routeDescription(handler);
  return description ? describeRoute(wrapped, description) : wrapped;
}
