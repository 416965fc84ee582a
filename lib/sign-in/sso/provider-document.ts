import "server-only";
import http from "node:http";
import https from "node:https";
import { providerAddressProblem, providerLookup } from "./provider-address";

const MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 5000;

/**
 * GETs a document an admin pointed at (a SAML provider's metadata): the
 * address checked as every provider address is, connected through the
 * checked lookup, no redirects followed, within 5 s and 1 MB.
 */
export async function fetchProviderDocument(address: string): Promise<string> {
  const problem = await providerAddressProblem(address);
  if (problem) throw new Error(`The address ${problem}.`);
  const url = new URL(address);
  const get = url.protocol === "https:" ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const request = get(url, { lookup: providerLookup, timeout: TIMEOUT_MS, headers: { Accept: "application/xml, text/xml" } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return reject(new Error(`The provider answered ${response.statusCode}.`));
      }
      const chunks: Buffer[] = [];
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > MAX_BYTES) return request.destroy(new Error("The document is larger than 1 MB."));
        chunks.push(chunk);
      });
      response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error("The provider took too long to answer.")));
    request.on("error", reject);
  });
}
