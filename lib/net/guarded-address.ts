import "server-only";
import { lookup as lookupCallback } from "node:dns";
import { lookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import { isPublicAddress } from "./public-address";

/**
 * The guard for requests to an address a user typed (webhook targets,
 * identity providers): https on a host whose every address is public, checked
 * when the address is saved (`problem`) and again on the address connected to
 * (`lookup`, as the connection's own lookup: no window for DNS rebinding).
 * `excepted` names hosts allowed although private, over http too (an
 * environment variable's list: the tests' local servers, an in-house provider).
 */
export function addressGuard(excepted: (hostname: string) => boolean): { problem: (address: string) => Promise<string | null>; lookup: LookupFunction } {
  const isExcepted = (hostname: string) => excepted(hostname.toLowerCase().replace(/^\[|\]$/g, ""));

  async function problem(address: string): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return "must be a full address (https://...)";
    }
    if (url.username || url.password) return "must not carry a user name or password";
    if (isExcepted(url.hostname)) return url.protocol === "https:" || url.protocol === "http:" ? null : "must be an https address";
    if (url.protocol !== "https:") return "must be an https address";
    try {
      const addresses = await lookup(url.hostname.replace(/^\[|\]$/g, ""), { all: true });
      if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) return "must be on a public address (private, loopback and link-local addresses are refused)";
    } catch {
      return "names a host that could not be resolved";
    }
    return null;
  }

  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    lookupCallback(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses as { address: string; family: number }[];
      if (!isExcepted(hostname) && (list.length === 0 || list.some((a) => !isPublicAddress(a.address)))) return callback(new Error(`${hostname} resolves to a non-public address`), "", 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };

  return { problem, lookup: guardedLookup };
}
