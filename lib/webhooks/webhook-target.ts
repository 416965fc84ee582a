import "server-only";
import { lookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import { lookup as lookupCallback } from "node:dns";
import { env } from "@/lib/env";
import { isPublicAddress } from "@/lib/net/public-address";

// Webhook targets go through the same private-address guard as spreadsheet
// links (lib/net/public-address.ts): https on a host whose every address is
// public, checked when the endpoint is registered and again, on the address
// connected to, at every delivery (DNS may change meanwhile).
// WEBHOOK_PRIVATE_HOSTS names the exceptions (the tests' local receiver).

const excepted = (hostname: string) => env().WEBHOOK_PRIVATE_HOSTS.includes(hostname.toLowerCase());

/** Why a URL cannot be a webhook target, or null when it can. */
export async function webhookTargetProblem(address: string): Promise<string | null> {
  const url = new URL(address);
  if (url.username || url.password) return "must not carry a user name or password";
  if (excepted(url.hostname)) return null;
  if (url.protocol !== "https:") return "must be an https address";
  try {
    const addresses = await lookup(url.hostname.replace(/^\[|\]$/g, ""), { all: true });
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) return "must be on a public address (private, loopback and link-local addresses are refused)";
  } catch {
    return "names a host that could not be resolved";
  }
  return null;
}

/** The connection's own lookup: the address connected to is the address checked. */
export const webhookLookup: LookupFunction = (hostname, options, callback) => {
  lookupCallback(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const list = addresses as { address: string; family: number }[];
    if (!excepted(hostname) && (list.length === 0 || list.some((a) => !isPublicAddress(a.address)))) return callback(new Error(`${hostname} resolves to a non-public address`), "", 4);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};
