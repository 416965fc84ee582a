import "server-only";
import { lookup as lookupCallback } from "node:dns";
import { lookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import { env } from "@/lib/env";
import { isPublicAddress } from "@/lib/net/public-address";

// The service fetches an identity provider's discovery document, keys and
// metadata, and posts codes to its token endpoint: requests to an address an
// admin typed. They go through the same private-address guard as webhooks
// (lib/net/public-address.ts): https on a public host, checked when the
// connection is saved and again on the address connected to. SSO_PRIVATE_HOSTS
// names the exceptions (an in-house Keycloak; the tests' providers).

const excepted = (hostname: string) => env().SSO_PRIVATE_HOSTS.includes(hostname.toLowerCase().replace(/^\[|\]$/g, ""));

/** Why a URL cannot be an identity provider's address, or null when it can. */
export async function providerAddressProblem(address: string): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return "must be a full address (https://...)";
  }
  if (url.username || url.password) return "must not carry a user name or password";
  if (excepted(url.hostname)) return url.protocol === "https:" || url.protocol === "http:" ? null : "must be an https address";
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
export const providerLookup: LookupFunction = (hostname, options, callback) => {
  lookupCallback(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const list = addresses as { address: string; family: number }[];
    if (!excepted(hostname) && (list.length === 0 || list.some((a) => !isPublicAddress(a.address)))) return callback(new Error(`${hostname} resolves to a non-public address`), "", 4);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};
