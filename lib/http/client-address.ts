/**
 * The caller's network address for per-address rate limits: the right-most
 * X-Forwarded-For entry, i.e. the one written by the nearest proxy (Next.js
 * itself writes the socket address when no proxy did). Entries further left are
 * supplied by the client and cannot be trusted.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").pop()?.trim();
  return last || request.headers.get("x-real-ip") || "unknown";
}
