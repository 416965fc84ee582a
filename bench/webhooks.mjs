// Benchmark: outgoing webhooks (issue 24), on PostgreSQL.
//  Ten endpoints (eight healthy receivers, one that answers after 3 s, one
//  that answers 500) subscribe to contact.updated. For SECONDS seconds,
//  EVENTS_PER_SECOND events are recorded (rows in events, as every domain
//  change writes them; the trigger makes their deliveries), while a client
//  changes contacts through the API at REQUESTS_PER_SECOND.
//  Reported: the p99 of those API requests without and with webhook endpoints,
//  the same events written in both phases (deliveries must never delay the
//  request that caused them), p50/p95 from an
//  event to its delivery at the healthy endpoints (target p95 < 1 s), and, the
//  server killed halfway through the drain and started again, whether every
//  delivery still reached every healthy endpoint (nothing lost; at-least-once,
//  so a delivery in flight at the kill may come twice, counted).
//
//   npm run build && npm run bench:webhooks     (EVENTS_PER_SECOND=1000, SECONDS=5, REQUESTS_PER_SECOND=50)
import http from "node:http";
import { availableParallelism } from "node:os";
import pg from "pg";
import { createTestDatabase, startServer } from "../e2e/support/server.mjs";
import { bareHttpExchange } from "./support/bare-http.mjs";
import { cpuSeconds, machineSeconds, postgresSeconds, threadSeconds, threadsSeconds } from "./support/cpu.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const EVENTS_PER_SECOND = Number(process.env.EVENTS_PER_SECOND ?? 1000);
const SECONDS = Number(process.env.SECONDS ?? 5);
const REQUESTS_PER_SECOND = Number(process.env.REQUESTS_PER_SECOND ?? 50);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (values, p) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] : NaN);
const ms = (v) => `${Number.isFinite(v) ? v.toFixed(1) : "-"} ms`;

// The receivers: each records the webhook-id and how long after the event it arrived.
function receiver(kind) {
  const got = { ids: new Map(), delays: [] };
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (c) => (body += c));
    request.on("end", () => {
      const id = request.headers["webhook-id"];
      const event = JSON.parse(body);
      got.ids.set(id, (got.ids.get(id) ?? 0) + 1);
      if (got.ids.get(id) === 1 && event.data.at) got.delays.push([Date.now(), Date.now() - event.data.at]);
      if (kind === "failing") return response.writeHead(500).end();
      if (kind === "slow") return setTimeout(() => response.writeHead(200).end(), 3000);
      response.writeHead(200).end();
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ kind, got, server, url: `http://127.0.0.1:${server.address().port}/hook` })));
}

// First, with nothing else running: what one bare HTTP exchange costs on this machine.
const bare = await bareHttpExchange();
const database = await createTestDatabase(adminUrl);
let server = await startServer({ databaseUrl: database.url, label: "bench-webhooks" });
const db = new pg.Client({ connectionString: database.url });
await db.connect();
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const call = (method, path, token, body) =>
  new Promise((resolve, reject) => {
    const data = body ? JSON.stringify(body) : undefined;
    const t0 = performance.now();
    const request = http.request(
      `${server.baseUrl}${path}`,
      { method, agent, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...(data && { "Content-Length": Buffer.byteLength(data) }) } },
      (response) => {
        let text = "";
        response.on("data", (c) => (text += c));
        response.on("end", () => resolve({ status: response.statusCode, body: text ? JSON.parse(text) : null, ms: performance.now() - t0 }));
      },
    );
    request.on("error", reject);
    request.end(data);
  });
const receivers = [];
try {
  const login = await new Promise((resolve, reject) => {
    const body = JSON.stringify({ email: "admin@acme.example.com", password: "password" });
    const request = http.request(`${server.baseUrl}/api/login`, { method: "POST", headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } }, (r) => {
      let t = "";
      r.on("data", (c) => (t += c));
      r.on("end", () => resolve(JSON.parse(t)));
    });
    request.on("error", reject);
    request.end(body);
  });
  const token = login.token;
  const contacts = (await call("GET", "/api/contacts?per_page=100", token)).body.data.map((c) => c.id);
  const {
    rows: [{ organization_id: org }],
  } = await db.query(`SELECT organization_id FROM users WHERE email = 'admin@acme.example.com'`);

  // The causing requests: contact changes at a steady pace.
  const changeContacts = async () => {
    const n = REQUESTS_PER_SECOND * SECONDS;
    const times = await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        await sleep((i * 1000) / REQUESTS_PER_SECOND);
        const r = await call("PUT", `/api/contacts/${contacts[i % contacts.length]}`, token, { company: `Bench ${i}` });
        if (r.status !== 200) throw new Error(`contact change: ${r.status}`);
        return r.ms;
      }),
    );
    return times;
  };
  // What a phase cost: the server (every thread), PostgreSQL, and the machine's busy share.
  // The server's event loop (the thread that answers requests) apart from its other threads (the sender thread, GC, libuv).
  const eventLoop = () => threadsSeconds(server.pid)[String(server.pid)]?.seconds ?? 0;
  const meter = () => {
    const start = { server: cpuSeconds(server.pid), loop: eventLoop(), postgres: postgresSeconds(), bench: threadSeconds(), machine: machineSeconds() };
    return () => {
      const machine = machineSeconds();
      const busy = (machine.busy - start.machine.busy) / (machine.total - start.machine.total);
      const used = { server: cpuSeconds(server.pid) - start.server, loop: eventLoop() - start.loop, postgres: postgresSeconds() - start.postgres, bench: threadSeconds() - start.bench };
      return {
        ...used,
        busy,
        text:
          `server ${used.server.toFixed(1)} s (event loop ${used.loop.toFixed(1)} s), PostgreSQL ${used.postgres.toFixed(1)} s, this ` +
          `bench (receivers, event writer, API client) ${used.bench.toFixed(1)} s of CPU; machine ${(busy * 100).toFixed(0)}% busy`,
      };
    };
  };
  // Events at EVENTS_PER_SECOND, in batches every 100 ms, while the contact changes run: in both
  // phases, so the two differ by the webhooks alone (the events are the service's own work either way).
  const perBatch = Math.max(1, Math.round(EVENTS_PER_SECOND / 10));
  const inject = async () => {
    for (let t = 0; t < SECONDS * 10; t++) {
      const due = performance.now() + 100;
      await db.query(
        `INSERT INTO events (organization_id, visibility, type, data)
         SELECT $1, 'department', 'contact.updated', jsonb_build_object('contact_id', g, 'at', (extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM generate_series(1, $2) g`,
        [org, perBatch],
      );
      await sleep(Math.max(0, due - performance.now()));
    }
  };
  for (let i = 0; i < 50; i++) await call("PUT", `/api/contacts/${contacts[i % contacts.length]}`, token, { company: `Warm ${i}` });
  const withoutCost = meter();
  const [without] = await Promise.all([changeContacts(), inject()]);
  const withoutCpu = withoutCost();

  for (const kind of ["healthy", "healthy", "healthy", "healthy", "healthy", "healthy", "healthy", "healthy", "slow", "failing"]) receivers.push(await receiver(kind));
  for (const r of receivers) {
    const made = await call("POST", "/api/webhooks", token, { url: r.url, events: ["contact.updated"], description: r.kind });
    if (made.status !== 201) throw new Error(`webhook: ${made.status} ${JSON.stringify(made.body)}`);
  }

  const withCost = meter();
  const injectedFrom = Date.now();
  const [withHooks] = await Promise.all([changeContacts(), inject()]);
  const withCpu = withCost();
  const expected = perBatch * SECONDS * 10 + REQUESTS_PER_SECOND * SECONDS;

  // Halfway through the drain the server is killed and started again: nothing may be lost.
  const healthy = receivers.filter((r) => r.kind === "healthy");
  const deliveredTo = (r) => r.got.ids.size;
  const started = Date.now();
  // The drain, once the events have stopped: what each delivery costs whom, with nothing else running.
  const drainCost = meter();
  const drainFrom = Date.now();
  const receivedBeforeDrain = receivers.reduce((sum, r) => sum + [...r.got.ids.values()].reduce((a, b) => a + b, 0), 0);
  while (Date.now() - started < 600_000 && healthy.some((r) => deliveredTo(r) < expected / 2)) await sleep(200);
  const beforeKill = Math.min(...healthy.map(deliveredTo));
  const killedAt = Date.now();
  const drainCpu = drainCost();
  const drainSeconds = (killedAt - drainFrom) / 1000;
  const drained = receivers.reduce((sum, r) => sum + [...r.got.ids.values()].reduce((a, b) => a + b, 0), 0) - receivedBeforeDrain;
  await server.stop();
  server = await startServer({ databaseUrl: database.url, label: "bench-webhooks-again" });
  while (Date.now() - started < 900_000 && healthy.some((r) => deliveredTo(r) < expected)) await sleep(500);
  const drainedIn = (Date.now() - started) / 1000;

  // Event to delivery while the server ran (those waiting through the restart are counted in the drain time).
  const delays = healthy.flatMap((r) => r.got.delays.filter(([at]) => at < killedAt).map(([, delay]) => delay));
  const duplicates = healthy.reduce((sum, r) => sum + [...r.got.ids.values()].filter((n) => n > 1).length, 0);
  const { rows: states } = await db.query(`SELECT e.description, d.status, count(*)::int AS n FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id GROUP BY 1, 2 ORDER BY 1, 2`);
  console.log(`webhooks: ${EVENTS_PER_SECOND} events/s for ${SECONDS} s (+ ${REQUESTS_PER_SECOND} contact changes/s) to 10 endpoints (8 healthy, 1 slow 3 s, 1 failing 500)`);
  console.log(
    `  the causing requests (PUT /api/contacts/{id}), the same events written: p50 ${ms(percentile(without, 50))} / p99 ${ms(percentile(without, 99))} ` +
      `without webhook endpoints; p50 ${ms(percentile(withHooks, 50))} / p99 ${ms(percentile(withHooks, 99))} with`,
  );
  console.log(`  CPU over the ${SECONDS} s: ${withoutCpu.text} without webhooks; ${withCpu.text} with`);
  console.log(
    `  event -> delivery at the healthy endpoints: p50 ${ms(percentile(delays, 50))} · p95 ${ms(percentile(delays, 95))} · p99 ${ms(percentile(delays, 99))} ` +
      `(target p95 < 1 s) over the ${delays.length} injected events delivered before the restart`,
  );
  const perSecond = [];
  for (const [at] of healthy.flatMap((r) => r.got.delays)) if (at < killedAt) perSecond[Math.floor((at - injectedFrom) / 1000)] = (perSecond[Math.floor((at - injectedFrom) / 1000)] ?? 0) + 1;
  console.log(`  healthy deliveries per second from the first event (all 8 endpoints; ${8 * EVENTS_PER_SECOND}/s keeps up): ${Array.from(perSecond, (n) => n ?? 0).join(", ")}`);
  console.log(
    `  every healthy endpoint got ${Math.min(...healthy.map(deliveredTo))} of ${expected} events (server killed after ${beforeKill} ` +
      `and started again; all in ${drainedIn.toFixed(1)} s; ${duplicates} sent twice across the restart)`,
  );
  console.log(`  delivery states: ${states.map((s) => `${s.description} ${s.status} ${s.n}`).join(", ")}`);
  const us = (seconds) => `${((seconds / drained) * 1e6).toFixed(0)} µs`;
  console.log(
    `  the drain before the restart (${drained} deliveries in ${drainSeconds.toFixed(1)} s, ${(drained / drainSeconds).toFixed(0)}/s): ` +
      `CPU a delivery: server ${us(drainCpu.server)} (event loop ${us(drainCpu.loop)}), PostgreSQL ${us(drainCpu.postgres)}, ` +
      `receivers ${us(drainCpu.bench)}; machine ${(drainCpu.busy * 100).toFixed(0)}% busy`,
  );
  // The floor: bare exchanges alone, at the rate the healthy endpoints need, on top of what the same load takes without webhooks.
  const cores = (sends) => (sends * (bare.clientUs + bare.receiverUs)) / 1e6;
  const baseline = (withoutCpu.busy * availableParallelism()).toFixed(2);
  console.log(
    `  this machine's floor: a bare HTTP exchange (undici POST -> Node receiver, nothing else running) takes ${bare.clientUs.toFixed(0)} ` +
      `µs of CPU to send and ${bare.receiverUs.toFixed(0)} µs to receive (${bare.perSecond.toFixed(0)}/s with the whole machine); ${8 * EVENTS_PER_SECOND} ` +
      `healthy deliveries a second need ${cores(8 * EVENTS_PER_SECOND).toFixed(2)} cores for the exchanges alone, on top of the ${baseline} ` +
      `cores the same load took without webhooks, of ${availableParallelism()}`,
  );
  if (Math.min(...healthy.map(deliveredTo)) < expected) process.exitCode = 1;
} finally {
  for (const r of receivers) r.server.close();
  await db.end();
  await server.stop();
  await database.drop?.();
}
