import { BlockList, isIP } from "node:net";

// TRUSTED_PROXIES and the X-Forwarded-For chain, as pure functions (the env
// schema validates the setting with the same parser the requests use).

/** How many proxies stand in front (a hop count), or which networks they are in. */
export type TrustedProxies = { hops: number } | { networks: BlockList; list: string[] };

/** `TRUSTED_PROXIES`: empty (none), a hop count ("1"), or a comma list of addresses and CIDRs. */
export function parseTrustedProxies(raw: string | undefined): TrustedProxies {
  const text = (raw ?? "").trim();
  if (!text) return { hops: 0 };
  if (/^\d{1,2}$/.test(text)) return { hops: Number(text) };
  const networks = new BlockList();
  const list = text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of list) {
    const [address, prefix] = item.split("/");
    const family = isIP(address);
    if (!family) throw new Error(`"${item}" is not an IP address or CIDR`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) networks.addAddress(address, type);
    else {
      const bits = Number(prefix);
      if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128)) throw new Error(`"${item}" has a bad prefix length`);
      networks.addSubnet(address, bits, type);
    }
  }
  return { networks, list };
}

/** "::ffff:10.0.0.1" and "10.0.0.1" are one client. */
export function plainAddress(address: string): string {
  const trimmed = address.trim();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice(7) : trimmed;
}

function trustedAddress(networks: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && networks.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** The client of one request, from the socket address and the X-Forwarded-For chain. */
export function resolveClientAddress({ peer, forwardedFor, trusted }: { peer: string; forwardedFor: string | null; trusted: TrustedProxies }): string {
  const chain = [...(forwardedFor ?? "").split(",").map(plainAddress).filter(Boolean), plainAddress(peer)].filter(Boolean);
  if (chain.length === 0) return "unknown";
  if ("hops" in trusted) return chain[Math.max(0, chain.length - 1 - trusted.hops)];
  // Walk left past every trusted proxy; the first address that is not one is the client.
  for (let index = chain.length - 1; index >= 0; index -= 1) {
    if (!trustedAddress(trusted.networks, chain[index])) return chain[index];
  }
  return chain[0];
}
