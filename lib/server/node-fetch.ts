import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";

// The one adapter between Node's request and the Fetch API's, for the routes
// our server answers ahead of the framework (lib/server/front-door.ts): the
// route handlers take a Fetch Request and answer a Fetch Response, as they do
// under Next.js.

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade"]);

/**
 * The Fetch request for `incoming`, with its body read up to `bodyLimit`
 * bytes (the rest is read and dropped: the route refuses a body that long).
 * How the body came over the connection is not the route's business, so the
 * hop-by-hop headers stay behind.
 */
export async function fetchRequestFrom(incoming: IncomingMessage, { bodyLimit }: { bodyLimit?: number } = {}): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    try {
      headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    } catch {
      // A value the Fetch API cannot hold is a header the route never sees (as if not sent).
    }
  }
  const method = incoming.method ?? "GET";
  const body = bodyLimit === undefined ? undefined : ((await readUpTo(incoming, bodyLimit)) as Uint8Array<ArrayBuffer>);
  return new Request(new URL(incoming.url ?? "/", "http://localhost"), { method, headers, body });
}

/** Writes the route's answer to Node's response, with `extraHeaders` (the CORS headers Next.js would have added). */
export async function sendFetchResponse(response: ServerResponse, answer: Response, extraHeaders?: Headers): Promise<void> {
  extraHeaders?.forEach((value, key) => response.setHeader(key, value));
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.end(Buffer.from(await answer.arrayBuffer()));
}

function readUpTo(incoming: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on("data", (chunk: Buffer) => {
      if (size >= limit) return;
      chunks.push(chunk);
      size += chunk.length;
    });
    incoming.on("end", () => resolve(Buffer.concat(chunks).subarray(0, limit)));
    incoming.on("error", reject);
  });
}
