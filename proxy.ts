import { NextResponse, type NextRequest } from "next/server";
import { corsHeaders, isCorsPath } from "@/lib/http/cors";

// CORS for the spec's path prefixes, before any route runs: preflights are
// answered here without authentication, and every other response on those
// paths carries the allow-origin header when (and only when) the origin is the
// configured front end.
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (!isCorsPath(pathname)) return NextResponse.next();
  const origin = request.headers.get("origin");

  if (request.method === "OPTIONS") {
    const headers = corsHeaders(origin, {
      method: request.headers.get("access-control-request-method"),
      headers: request.headers.get("access-control-request-headers"),
    });
    return new NextResponse(null, { status: 204, headers });
  }

  const response = NextResponse.next();
  corsHeaders(origin).forEach((value, key) => response.headers.set(key, value));
  return response;
}

// Only requests that carry an Origin header come through here: corsHeaders()
// adds nothing to the others, and running the proxy costs every request about
// a third of the framework's time (bench/api-overhead: 1,270 → 2,100 req/s for
// /api/health without it). Browsers send Origin on every cross-origin request
// and preflight; the agents' own pages poll same-origin GETs without one.
// The CSV upload is left out: a proxy makes Next.js buffer the request body,
// and a 50 MB upload must stream. That route applies the same CORS rules itself.
// The website chat (/api/chat/…) answers each widget's own sites, not the front
// end: its routes apply their own rules (lib/routes/chat-route.ts).
export const config = {
  matcher: [
    { source: "/api/((?!contacts/import/csv$|chat/).*)", has: [{ type: "header", key: "origin" }] },
    { source: "/sanctum/:path*", has: [{ type: "header", key: "origin" }] },
    { source: "/dashboard/:path*", has: [{ type: "header", key: "origin" }] },
    { source: "/auth/:path*", has: [{ type: "header", key: "origin" }] },
    { source: "/analytics/:path*", has: [{ type: "header", key: "origin" }] },
  ],
};
