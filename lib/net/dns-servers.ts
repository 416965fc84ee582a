import { isIP } from "node:net";

// DNS_SERVERS, as a pure function (the env schema validates the setting with
// the parser the lookups use). node:dns's Resolver takes addresses only, never
// names: a name would need a resolver to find the resolver.

/**
 * `DNS_SERVERS`: a comma list of `address` or `address:port` (IPv6 as `[::1]:5353`
 * when a port is given); empty: [] (the system's resolvers). Returns the
 * entries as Resolver.setServers() takes them.
 */
export function parseDnsServers(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(item);
      const hostPort = /^([^:]+):(\d+)$/.exec(item);
      const [address, port] = bracketed ? [bracketed[1], bracketed[2]] : hostPort ? [hostPort[1], hostPort[2]] : [item, undefined];
      const family = isIP(address);
      if (!family) throw new Error(`"${item}" is not an IP address, or an IP address and port`);
      if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) throw new Error(`"${item}" has a port outside 1-65535`);
      if (port === undefined) return address;
      return family === 6 ? `[${address}]:${port}` : `${address}:${port}`;
    });
}
