import { env } from "@/lib/env";
import { parseTrustedProxies, plainAddress, resolveClientAddress, type TrustedProxies } from "@/lib/net/trusted-proxies";
import { provided } from "@/lib/process/process-registry";

// Who is calling, for per-address rate limits. The socket's own address
// counts unless the operator says proxies stand in front (TRUSTED_PROXIES):
// then X-Forwarded-For is read from the right, past the trusted hops, and the
// first address no trusted proxy wrote is the client. Entries a client writes
// itself are never believed, so a forged header cannot mint new addresses.
//
// The socket address reaches route handlers in PEER_HEADER, which our server
// (scripts/server.mjs) sets on every request, replacing whatever the client
// sent. It carries a per-process nonce: under any other server (a bare
// `next start`) a client could write the header itself, and it is ignored.

export const PEER_HEADER = "x-peer-address";

/** The socket address our server put on the request, when it is really ours. */
function peerOf(headers: Headers): string | null {
  const value = headers.get(PEER_HEADER);
  const nonce = provided<string>("peer-nonce");
  if (!value || !nonce || !value.startsWith(`${nonce} `)) return null;
  return value.slice(nonce.length + 1);
}

let cached: TrustedProxies | undefined;
function trustedProxies(): TrustedProxies {
  cached ??= parseTrustedProxies(env().TRUSTED_PROXIES);
  return cached;
}

/**
 * The caller's address for rate limits; one helper for the API login and the
 * web sign-in. Without our server in front (no trusted peer header) the
 * right-most X-Forwarded-For entry, which Next.js writes from the socket when
 * no one else did, is the best there is.
 */
export function clientAddress(source: Request | Headers | Record<string, string | string[] | undefined>): string {
  const headers = source instanceof Request ? source.headers : source instanceof Headers ? source : toHeaders(source);
  const forwardedFor = headers.get("x-forwarded-for");
  const peer = peerOf(headers);
  if (peer === null) return plainAddress(forwardedFor?.split(",").pop() ?? "") || "unknown";
  return resolveClientAddress({ peer, forwardedFor, trusted: trustedProxies() });
}

function toHeaders(record: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(record)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

/** The caller's browser as it names itself (User-Agent), for their list of sessions; null without one. */
export function userAgentOf(source: Request | Headers | Record<string, string | string[] | undefined> | undefined): string | null {
  if (!source) return null;
  const headers = source instanceof Request ? source.headers : source instanceof Headers ? source : toHeaders(source);
  return headers.get("user-agent")?.slice(0, 300) || null;
}
