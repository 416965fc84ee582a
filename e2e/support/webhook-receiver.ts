import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local server playing the system that receives webhooks; `answer` gives the status for the nth delivery. */
export async function receiver(answer: (n: number) => number = () => 200) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answer(received.length)).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, close: () => server.close() };
}

/**
 * Reads until `done` holds, and fails with the last value read when the time
 * is up. It used to return that value and leave the caller to assert: two
 * callers did not, and waited out 20 s each on a webhook that was never sent
 * while their tests passed (issue 60).
 */
export async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`until: not done within ${timeoutMs / 1000} s; the last value read: ${JSON.stringify(value)?.slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
