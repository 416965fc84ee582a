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

// The CSV upload is left out: a proxy makes Next.js buffer the request body,
// and a 50 MB upload must stream. That route applies the same CORS rules itself.
export const config = {
  matcher: ["/api/((?!contacts/import/csv$).*)", "/sanctum/:path*", "/dashboard/:path*", "/auth/:path*", "/analytics/:path*"],
};
