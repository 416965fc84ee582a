// The production HTTP server: Next.js behind a plain Node server of our own,
// for one reason: route handlers cannot see the socket, and per-address rate
// limits must count the socket's address, not an X-Forwarded-For a client
// wrote. Every request gets the peer address in x-peer-address (replacing any
// copy the client sent), tagged with a nonce only this process knows
// (lib/http/client-address.ts). The routes the front door answers are the
// exception to "everything through Next.js" (below). Everything else is Next.js as `next start`
// runs it: PORT, and every interface unless LISTEN_HOST names one (not
// HOSTNAME, which containers set to their own name).
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import next from "next";

// Logs go to stdout and stderr. When whoever read them is gone (a closed pipe:
// a process manager or `| tee` that died), every write fails with EPIPE; with
// nobody listening for that error each failure was an uncaught exception that
// was itself logged, and the server spun a core at 100% (issue 42 found one
// left behind by a test). A server keeps serving without its logs, as a daemon
// that ignores SIGPIPE does; the lines are dropped.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error) => {
    if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
  });
}

const port = Number(process.env.PORT || 3000);
const listenHost = process.env.LISTEN_HOST || undefined;
// What this server shares with the app: the process registry
// (lib/process/process-registry.ts), the one object on globalThis that every
// bundle of the app reads. The server puts the peer nonce and the stopping
// flag there; start-up puts the front door and the shutdown hook.
const registry = (globalThis[Symbol.for("contact-center.registry")] ??= new Map());
const nonce = randomUUID();
registry.set("peer-nonce", nonce);

const app = next({ dev: false, dir: process.cwd(), hostname: listenHost ?? "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

// The front door (lib/server/front-door.ts) answers, ahead of the framework,
// the routes the route table marks (a route folder's docs.ts, `ahead`): the
// readiness probe (Next.js holds the requests it handles until start-up has
// finished, and a load balancer must hear 503 during a long migration), the
// event stream (written straight to the socket: an idle stream costs
// kilobytes, not a framework request held open for hours) and the provider
// callbacks sent without an Origin (the framework's request handling was 40%
// of a callback's CPU in a burst of callers). It answers false for the rest.
// Before start-up has put it here, this server answers the probe itself.
const isReadiness = (request) => request.method === "GET" && /^\/api\/ready(\?|$)/.test(request.url ?? "");
const STARTING = JSON.stringify({ status: "starting", checks: { database: "pending", migrations: "pending", workers: "pending" } });

const server = createServer((request, response) => {
  request.headers["x-peer-address"] = `${nonce} ${request.socket.remoteAddress ?? ""}`;
  const frontDoor = registry.get("front-door");
  if (frontDoor?.(request, response)) return;
  if (isReadiness(request)) return response.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(STARTING);
  handle(request, response);
});
// An idle keep-alive connection is kept longer than a client's or a load
// balancer's (60 s is common): the side that closes an idle connection first
// must be the client, or a request sent as the server closes it meets a reset
// (ECONNRESET: a browser test's request after a 5 s pause failed so, Node's
// default being 5 s). Headers must still arrive within their own timeout.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
// A port it cannot have (taken by another server, not ours to bind) ends the
// process: a server that prepared everything but answers nobody must not linger
// (holding, on the embedded database, its data folder).
server.on("error", (error) => {
  const why = error.code === "EADDRINUSE" ? "is already in use" : error.code === "EACCES" ? "may not be used by this user" : `cannot be listened on (${error.message})`;
  console.error(`start-up failed: port ${port}${listenHost ? ` on ${listenHost}` : ""} ${why}; set PORT to a free one.`);
  stop(1);
});
server.listen(port, listenHost, () => console.log(`Ready on http://${listenHost ?? "localhost"}:${port}`));

/**
 * Ends the process after the app's own shutdown (lib/shutdown.ts): what this
 * process holds goes back before it ends. From the signal on, GET /api/ready
 * answers 503 "stopping"; with SHUTDOWN_DRAIN_SECONDS the server keeps serving
 * that long first, for a load balancer's probes to see it and send new work
 * elsewhere (without it, the port closes at once and the probes fail to connect).
 */
let stopping = false;
let closing = false;
function stop(code) {
  // A second signal while draining stops at once.
  if (stopping) return close(code);
  stopping = true;
  registry.set("stopping", true);
  const drainMs = code === 0 ? Number(process.env.SHUTDOWN_DRAIN_SECONDS || 0) * 1000 : 0;
  if (drainMs > 0) console.log(`Stopping: draining for ${drainMs / 1000} s (GET /api/ready answers 503)`);
  setTimeout(() => close(code), drainMs);
}

function close(code) {
  if (closing) return;
  closing = true;
  if (server.listening) server.close();
  const shutdown = registry.get("shutdown") ?? (async () => {});
  shutdown()
    .catch(() => {})
    .finally(() => app.close?.().finally(() => process.exit(code)));
  setTimeout(() => process.exit(code), 5000).unref();
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => stop(0));
}
