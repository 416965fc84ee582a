import { BlockList, isIP } from "node:net";

// May the service connect to this address on a user's behalf? One canonical
// check for every server-side request to an address a user chose (spreadsheet
// links today). An IPv6 address is first expanded to its 128 bits, and every
// form that carries an IPv4 address inside it (IPv4-mapped, IPv4-compatible,
// IPv4-translated, 6to4, NAT64) is judged by that IPv4 address, so
// ::ffff:7f00:1, ::127.0.0.1, 2002:7f00:1:: and 64:ff9b::a00:1 are loopback
// and private like the addresses they wrap. The ranges live in net.BlockList.

const BLOCKED_V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

const BLOCKED_V6: [string, number][] = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard prefix
  ["2001::", 23], // IETF protocol assignments, Teredo tunnels (2001::/32) among them
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation
  ["5f00::", 16], // segment routing SIDs
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

const blockedV4 = new BlockList();
for (const [network, prefix] of BLOCKED_V4) blockedV4.addSubnet(network, prefix, "ipv4");
const blockedV6 = new BlockList();
for (const [network, prefix] of BLOCKED_V6) blockedV6.addSubnet(network, prefix, "ipv6");

/** An IPv6 address as eight 16-bit groups (a trailing dotted quad becomes the last two), or null. */
export function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...left, ...Array(tail === undefined ? 0 : missing).fill("0"), ...right].map((group) => parseInt(group, 16));
}

const v4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** The IPv4 address an IPv6 address carries inside it, when it is one of the forms that do. */
export function embeddedIpv4(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups;
  const zeroTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroTo(5) && g5 === 0xffff) return v4(g6, g7); // IPv4-mapped ::ffff:a.b.c.d
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return v4(g6, g7); // IPv4-translated ::ffff:0:a.b.c.d
  if (zeroTo(6)) return v4(g6, g7); // IPv4-compatible ::a.b.c.d (and :: / ::1, which are blocked as such too)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return v4(g6, g7); // NAT64 64:ff9b::/96
  if (g0 === 0x2002) return v4(g1, g2); // 6to4 2002:AABB:CCDD::/48
  return null;
}

/** True only for a literal address outside every blocked range, in every form it can take. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !blockedV4.check(address, "ipv4");
  if (version !== 6 || address.includes("%")) return false; // zone ids: link-local by definition
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const canonical = groups.map((g) => g.toString(16)).join(":");
  if (blockedV6.check(canonical, "ipv6")) return false;
  const inner = embeddedIpv4(groups);
  return inner === null || isPublicAddress(inner);
}
