import "server-only";
import { lookup } from "node:dns";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isPublicAddress } from "@/lib/net/public-address";
import { isAllowedFetchHost } from "./spreadsheet-url";

const MAX_REDIRECTS = 5;

export class FetchRefused extends Error {}

/**
 * DNS lookup that refuses any non-public address. Used as the connection's
 * lookup, so the address checked is the address connected to (no window for
 * DNS rebinding between a check and the request).
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const list = addresses as { address: string; family: number }[];
    const refused = list.find((a) => !isPublicAddress(a.address));
    if (refused || list.length === 0) return callback(new FetchRefused(`${hostname} resolves to a non-public address`), "", 4);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

/** Resolves a host now and refuses when any address is not public (the check done before any request). */
export function assertPublicHost(hostname: string): Promise<void> {
  return new Promise((resolve, reject) =>
    lookup(hostname, { all: true }, (error, addresses) => {
      if (error) return reject(new FetchRefused(`${hostname} could not be resolved`));
      if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) return reject(new FetchRefused(`${hostname} resolves to a non-public address`));
      resolve();
    }),
  );
}

/**
 * GETs an https address on an allowed host, following redirects only to
 * allowed hosts, never to a non-public address, within a time and size bound.
 * Hands the body over chunk by chunk.
 */
export async function safeFetch(address: string, { timeoutMs, maxBytes, onChunk }: { timeoutMs: number; maxBytes: number; onChunk: (chunk: Buffer) => Promise<void> }): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let current = new URL(address);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (current.protocol !== "https:" || !isAllowedFetchHost(current.hostname) || current.username || current.password) {
      throw new FetchRefused(`Refusing to fetch ${current.hostname}: not the spreadsheet provider.`);
    }
    const response = await new Promise<import("node:http").IncomingMessage>((resolve, reject) => {
      const request = https.get(
        current,
        { lookup: publicOnlyLookup, timeout: Math.max(1, deadline - Date.now()), headers: { "User-Agent": "contact-center-import/1.0", Accept: "text/csv" } },
        resolve,
      );
      request.on("timeout", () => request.destroy(new FetchRefused("The spreadsheet took too long to answer.")));
      request.on("error", reject);
    });
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && response.headers.location) {
      response.resume();
      current = new URL(response.headers.location, current);
      continue;
    }
    if (response.statusCode !== 200) {
      response.resume();
      throw new FetchRefused(`The spreadsheet answered ${response.statusCode}: is it shared publicly ("Anyone with the link")?`);
    }
    let bytes = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        response.destroy();
        throw new FetchRefused(`The spreadsheet is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
      }
      if (Date.now() > deadline) {
        response.destroy();
        throw new FetchRefused("The spreadsheet took too long to download.");
      }
      await onChunk(chunk);
    }
    return bytes;
  }
  throw new FetchRefused("Too many redirects.");
}
