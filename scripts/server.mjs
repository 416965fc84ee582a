// The production HTTP server: Next.js behind a plain Node server of our own,
// for one reason: route handlers cannot see the socket, and per-address rate
// limits must count the socket's address, not an X-Forwarded-For a client
// wrote. Every request gets the peer address in x-peer-address (replacing any
// copy the client sent), tagged with a nonce only this process knows
// (lib/http/client-address.ts). Event streams are the one exception to
// "everything through Next.js" (below). Everything else is Next.js as `next start`
// runs it: PORT, and every interface unless LISTEN_HOST names one (not
// HOSTNAME, which containers set to their own name).
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import next from "next";

const port = Number(process.env.PORT || 3000);
const listenHost = process.env.LISTEN_HOST || undefined;
const nonce = randomUUID();
globalThis[Symbol.for("contact-center.peer-nonce")] = nonce;

const app = next({ dev: false, dir: process.cwd(), hostname: listenHost ?? "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

// Event streams (GET /api/events) are written by the app straight to the
// socket, past the framework (lib/events/serve-event-streams.ts puts the
// function here at start-up): an idle stream then costs kilobytes, not a
// framework request held open for hours.
const serveEventStream = () => globalThis[Symbol.for("contact-center.serve-event-stream")];
const isEventStream = (request) => request.method === "GET" && /^\/api\/events(\?|$)/.test(request.url ?? "");

// Provider callbacks (POST /api/telephony/…, /api/voice/manual/…) go straight
// to their route handlers too (lib/telephony/serve-provider-callbacks.ts
// knows which paths they are; it answers false for any other): the
// framework's request handling was 40% of a callback's CPU in a burst of
// callers. One sent with an Origin header goes through Next.js, which adds
// the CORS headers.
const serveProviderCallback = () => globalThis[Symbol.for("contact-center.serve-provider-callback")];
const mayBeProviderCallback = (request) => request.method === "POST" && !request.headers.origin;

const server = createServer((request, response) => {
  request.headers["x-peer-address"] = `${nonce} ${request.socket.remoteAddress ?? ""}`;
  const serveStream = isEventStream(request) && serveEventStream();
  if (serveStream) return serveStream(request, response);
  const serveCallback = mayBeProviderCallback(request) && serveProviderCallback();
  if (serveCallback && serveCallback(request, response)) return;
  handle(request, response);
});
// A port it cannot have (taken by another server, not ours to bind) ends the
// process: a server that prepared everything but answers nobody must not linger
// (holding, on the embedded database, its data folder).
server.on("error", (error) => {
  const why = error.code === "EADDRINUSE" ? "is already in use" : error.code === "EACCES" ? "may not be used by this user" : `cannot be listened on (${error.message})`;
  console.error(`start-up failed: port ${port}${listenHost ? ` on ${listenHost}` : ""} ${why}; set PORT to a free one.`);
  stop(1);
});
server.listen(port, listenHost, () => console.log(`Ready on http://${listenHost ?? "localhost"}:${port}`));

/** Ends the process after the app's own shutdown (lib/shutdown.ts): what this process holds goes back before it ends. */
function stop(code) {
  if (server.listening) server.close();
  const shutdown = globalThis[Symbol.for("contact-center.shutdown")] ?? (async () => {});
  shutdown().catch(() => {}).finally(() => app.close?.().finally(() => process.exit(code)));
  setTimeout(() => process.exit(code), 5000).unref();
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => stop(0));
}
