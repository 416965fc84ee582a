import { isIP } from "node:net";

// Spreadsheet imports fetch only the provider's public hosts over https, and
// only from public addresses. Pure functions, unit-tested.

const SHARE_HOST = "docs.google.com";
/** Hosts a CSV export may be served from (the export redirects to googleusercontent.com). */
export function isAllowedFetchHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === SHARE_HOST || h.endsWith(".googleusercontent.com");
}

/**
 * A public share link → its CSV export address, or the reason it is refused.
 * Accepts .../spreadsheets/d/<id>/edit#gid=<gid>, ...?usp=sharing, .../export?...,
 * and published links .../spreadsheets/d/e/<id>/pub?...
 */
export function spreadsheetCsvUrl(raw: string): { url: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { error: "The url must be a valid address." };
  }
  if (url.protocol !== "https:") return { error: "Only https spreadsheet links are accepted." };
  if (url.hostname.toLowerCase() !== SHARE_HOST || url.port || url.username || url.password) {
    return { error: "Only public Google Sheets links (https://docs.google.com/spreadsheets/...) are accepted." };
  }
  const gid = /(?:^|[#&?])gid=(\d{1,20})/.exec(`${url.hash}&${url.search}`)?.[1];
  const published = /^\/spreadsheets\/d\/e\/([A-Za-z0-9_-]{10,200})\//.exec(url.pathname);
  if (published) return { url: `https://${SHARE_HOST}/spreadsheets/d/e/${published[1]}/pub?output=csv${gid ? `&gid=${gid}` : ""}` };
  const shared = /^\/spreadsheets\/d\/([A-Za-z0-9_-]{10,200})(?:\/|$)/.exec(url.pathname);
  if (!shared) return { error: "The link is not a Google Sheets spreadsheet link." };
  return { url: `https://${SHARE_HOST}/spreadsheets/d/${shared[1]}/export?format=csv${gid ? `&gid=${gid}` : ""}` };
}

function ipv4Parts(address: string): number[] | null {
  const parts = address.split(".").map(Number);
  return parts.length === 4 && parts.every((p) => Number.isInteger(p) && p >= 0 && p <= 255) ? parts : null;
}

/**
 * Is this an address the service may connect to on a user's behalf? Refuses
 * loopback, private, carrier-grade NAT, link-local (incl. cloud metadata at
 * 169.254.169.254), multicast, reserved and unspecified ranges, for IPv4,
 * IPv6 and IPv4-mapped IPv6.
 */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) {
    const [a, b] = ipv4Parts(address)!;
    if (a === 0 || a === 10 || a === 127 || a >= 224) return false; // unspecified, private, loopback, multicast/reserved
    if (a === 169 && b === 254) return false; // link-local, metadata
    if (a === 172 && b >= 16 && b <= 31) return false;
    if (a === 192 && b === 168) return false;
    if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
    if (a === 192 && b === 0) return false; // IETF protocol assignments, 192.0.0.0/24 and TEST-NET-1 192.0.2.0/24
    if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
    return true;
  }
  if (version === 6) {
    const lower = address.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped) return isPublicAddress(mapped[1]);
    if (lower === "::" || lower === "::1") return false;
    const first = parseInt(lower.split(":")[0] || "0", 16);
    if ((first & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
    if ((first & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
    if ((first & 0xff00) === 0xff00) return false; // multicast
    if (lower.startsWith("64:ff9b:") || lower.startsWith("2001:db8")) return false; // NAT64, documentation
    return true;
  }
  return false;
}
