// PostgreSQL's connections, shared out between the servers an API suite runs at
// once. The machine's PostgreSQL takes 100; a server holds its pool and 8 more
// (README, DATABASE_POOL_SIZE); five files side by side, some starting two or
// four servers of their own beside the suite's two, asked for more than 100 now
// and then, and whichever connection came last was refused ("too many clients
// already": a server's start-up, or a test's own query; gate of 2026-11-30).
// So a server starts only once its connections are free in the run's ledger,
// held in the suite's main process (global-setup.mjs) and asked over HTTP by
// the test processes; it gives them back when its process exits, however it ends.
// What the ledger leaves out (HEADROOM) is for the tests' own short connections.
import { createServer } from "node:http";
import pg from "pg";

/** Connections a server opens besides its pool: 3 unflushed, up to 3 for the job queue, 2 listeners (lib/db/driver.ts, lib/jobs/job-queue.ts). */
const BESIDE_THE_POOL = 8;
/** The tests' own clients (counts, locks, created databases) and psql at the side. */
const HEADROOM = 12;
/** A waiting request is answered within this, granted or not, and asked again: no HTTP timeout decides for it. */
const ANSWER_WITHIN_MS = 20_000;

/** Connections a server with this environment holds. */
export function serverConnections(env) {
  return Number(env.DATABASE_POOL_SIZE ?? process.env.TEST_SERVER_POOL_SIZE ?? 10) + BESIDE_THE_POOL;
}

/** The ledger: PostgreSQL's max_connections, less what is open already and the headroom. Serves until close(). */
export async function serveConnectionBudget(adminUrl) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const { rows } = await client.query("SELECT current_setting('max_connections')::int AS max, (SELECT count(*)::int FROM pg_stat_activity WHERE backend_type = 'client backend') AS open");
  await client.end();
  const total = rows[0].max - rows[0].open - HEADROOM;
  let free = total;
  let nextLease = 1;
  const leases = new Map();
  const waiting = [];

  // First come, first served, but a request that fits goes ahead of a larger one that does not (no one holds room idle).
  const grant = () => {
    for (const request of [...waiting]) {
      if (request.n > free) continue;
      free -= request.n;
      const lease = nextLease++;
      leases.set(lease, request.n);
      waiting.splice(waiting.indexOf(request), 1);
      clearTimeout(request.timer);
      request.answer({ lease });
    }
  };

  const server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const input = body ? JSON.parse(body) : {};
    const reply = (status, value) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    if (req.url === "/acquire") {
      const n = Number(input.n);
      if (!Number.isInteger(n) || n < 1 || n > total) return reply(400, { message: `${n} connections: the ledger holds ${total}` });
      const request = { n, answer: (value) => reply(200, value) };
      request.timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(request), 1);
        reply(200, { lease: null });
      }, ANSWER_WITHIN_MS);
      waiting.push(request);
      return grant();
    }
    if (req.url === "/release") {
      free += leases.get(input.lease) ?? 0;
      leases.delete(input.lease);
      reply(200, {});
      return grant();
    }
    reply(404, {});
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    total,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Waits until `n` connections are free in the run's ledger (TEST_CONNECTION_BUDGET_URL) and takes them;
 * answers the function that gives them back. Without a ledger (a bench, the browser suite) nothing is counted.
 */
export async function takeConnections(n) {
  const url = process.env.TEST_CONNECTION_BUDGET_URL;
  if (!url) return async () => {};
  for (;;) {
    const response = await fetch(`${url}/acquire`, { method: "POST", body: JSON.stringify({ n }) });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.message);
    if (answer.lease !== null) return () => fetch(`${url}/release`, { method: "POST", body: JSON.stringify({ lease: answer.lease }) }).then(() => undefined);
  }
}
