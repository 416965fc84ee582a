// Benchmark: webhook and queue latency (issue 4), on PostgreSQL.
//  1. 200 inbound calls arrive within one second (signed provider posts, all
//     in flight together): p50/p99 of the TwiML answer.
//  2. 1,000 agents poll GET /api/queue/calls every 2 seconds, each on its own
//     timer (500 requests/s), for 60 seconds: requests/s, p50/p99. Each
//     agent's first poll (the server meets its token) comes before the 60 seconds
//     and is reported on its own line.
//  3. The queue holds exactly the 200 calls: none lost, none twice.
// Targets: inbound p99 < 100 ms, poll p99 < 50 ms, zero errors.
//
//   npm run build && npm run bench:telephony      (BENCH_POLL_SECONDS=60, BENCH_AGENTS=1000,
//                                                  BENCH_TRACE=1 for the poll figures second by second)
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import bcrypt from "bcryptjs";
import pg from "pg";
import twilio from "twilio";
import { createTestDatabase, startServer, TEST_PROVIDER } from "../e2e/support/server.mjs";
import { pollLikeAgents } from "./support/agent-polls.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 1000);
const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 60);

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

const database = await createTestDatabase(adminUrl);
const server = await startServer({ databaseUrl: database.url, label: "bench" });
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const {
    rows: [org],
  } = await db.query(`INSERT INTO organizations (name, updated_at) VALUES ('Load Co', now()) RETURNING id`);
  const {
    rows: [dept],
  } = await db.query(`INSERT INTO departments (organization_id, name, updated_at) VALUES ($1, 'Floor', now()) RETURNING id`, [org.id]);
  const number = "+18005550000";
  await db.query(`INSERT INTO settings (organization_id, key, value, updated_at) VALUES ($1, 'telephony', $2, now())`, [org.id, JSON.stringify({ phone_numbers: [number] })]);

  // 1,000 agents with a bearer token each, written set-based (the login path is not what is measured).
  const hash = await bcrypt.hash("load-password", 10);
  const { rows: agents } = await db.query(
    `INSERT INTO users (organization_id, department_id, name, email, password_hash, role, updated_at)
     SELECT $1, $2, 'Agent ' || g, 'agent' || g || '@load.test', $3, 'agent', now() FROM generate_series(1, $4) g RETURNING id`,
    [org.id, dept.id, hash, AGENTS],
  );
  const secrets = agents.map(() => randomBytes(32).toString("base64url"));
  const { rows: tokens } = await db.query(
    `INSERT INTO api_tokens (user_id, token_hash, expires_at) SELECT u, h, now() + interval '1 day' FROM unnest($1::int[], $2::text[]) AS t(u, h) RETURNING id, user_id`,
    [agents.map((a) => a.id), secrets.map((s) => createHash("sha256").update(s).digest("hex"))],
  );
  const bearer = tokens.map((t, i) => `Bearer ${t.id}|${secrets[agents.findIndex((a) => a.id === t.user_id)] ?? secrets[i]}`);
  const check = await fetch(`${server.baseUrl}/api/queue/calls`, { headers: { Authorization: bearer[0] } });
  if (check.status !== 200) throw new Error(`poll check: ${check.status}`);

  const inboundUrl = `${server.baseUrl}/api/telephony/inbound`;
  // The provider's posts go out over node:http (fetch costs this machine up to
  // a few milliseconds per request on the client side, which is not the server's).
  const providerAgent = new http.Agent({ keepAlive: true });
  const sendInbound = (sid, from, to) =>
    new Promise((resolve, reject) => {
      const params = { AccountSid: TEST_PROVIDER.TWILIO_ACCOUNT_SID, CallSid: sid, From: from, To: to, CallStatus: "ringing" };
      const body = new URLSearchParams(params).toString();
      const headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": Buffer.byteLength(body),
        "X-Twilio-Signature": twilio.getExpectedTwilioSignature(TEST_PROVIDER.TWILIO_AUTH_TOKEN, inboundUrl, params),
      };
      const request = http.request(inboundUrl, { method: "POST", agent: providerAgent, headers }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode, text }));
      });
      request.on("error", reject);
      request.end(body);
    });
  // Warm-up (JIT, connection pool) on another organization's number: a production server is never cold.
  for (let i = 0; i < 50; i++) await sendInbound(`CA${randomBytes(16).toString("hex")}`, "+14155559999", "+18005559999");
  for (let i = 0; i < 200; i++) await (await fetch(`${server.baseUrl}/api/queue/calls`, { headers: { Authorization: bearer[i] } })).text();

  // 1. 200 inbound calls, all in flight within the same second.
  const callSids = Array.from({ length: CALLS }, () => `CA${randomBytes(16).toString("hex")}`);
  const started = performance.now();
  const results = await Promise.all(
    callSids.map(async (sid, i) => {
      await new Promise((r) => setTimeout(r, (i * 1000) / CALLS));
      const t0 = performance.now();
      const response = await sendInbound(sid, `+1415555${String(i).padStart(4, "0")}`, number);
      return { ms: performance.now() - t0, ok: response.status === 200 && response.text.includes(`q_${sid}`) };
    }),
  );
  const inboundMs = results.map((r) => r.ms);
  const inboundErrors = results.filter((r) => !r.ok).length;
  const window = (performance.now() - started) / 1000;

  // 2. 1,000 agents polling every 2 s, each on its own timer: 500 requests/s.
  const poll = await pollLikeAgents({
    url: `${server.baseUrl}/api/queue/calls`,
    headersFor: (agent) => ({ Authorization: bearer[agent] }),
    agents: AGENTS,
    intervalMs: 2000,
    seconds: POLL_SECONDS,
  });
  const pollRate = poll.latencies.length / poll.seconds;
  const [pollP50, pollP99] = [percentile(poll.latencies, 50), percentile(poll.latencies, 99)];

  // 3. Every call queued exactly once.
  const {
    rows: [queued],
  } = await db.query(`SELECT count(*)::int AS entries, count(DISTINCT call_sid)::int AS distinct_calls FROM queue_entries WHERE organization_id = $1 AND status = 'waiting' AND call_sid = ANY($2)`, [
    org.id,
    callSids,
  ]);
  const listed = (await (await fetch(`${server.baseUrl}/api/queue/calls`, { headers: { Authorization: bearer[0] } })).json()).data.length;

  console.log(`\ntelephony-load on PostgreSQL`);
  console.log(
    `inbound: ${CALLS} calls in ${window.toFixed(2)} s, ${(CALLS / window).toFixed(0)} req/s, p50 ${percentile(inboundMs, 50).toFixed(1)} ` +
      `ms, p99 ${percentile(inboundMs, 99).toFixed(1)} ms, errors ${inboundErrors} ${percentile(inboundMs, 99) < 100 && !inboundErrors ? "PASS" : "FAIL"}`,
  );
  console.log(
    `queue poll: ${AGENTS} agents every 2 s for ${POLL_SECONDS} s: ${pollRate.toFixed(0)} req/s, p50 ${pollP50.toFixed(1)} ` +
      `ms, p99 ${pollP99.toFixed(1)} ms, max ${Math.max(...poll.latencies).toFixed(1)} ms, errors ${poll.errors} ` +
      `(${poll.latencies.length} requests) ${pollP99 < 50 && !poll.errors ? "PASS" : "FAIL"}`,
  );
  if (process.env.BENCH_TRACE) for (const s of poll.perSecond) console.log(`  second ${s.second}: ${s.requests} polls, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`);
  console.log(
    `  the agents' first polls (1 per agent, in the 2 s before the above): p50 ${percentile(poll.firstPolls, 50).toFixed(1)} ` +
      `ms, p99 ${percentile(poll.firstPolls, 99).toFixed(1)} ms, max ${Math.max(...poll.firstPolls).toFixed(1)} ` +
      `ms; all ${poll.latencies.length + poll.firstPolls.length} ` +
      `polls together: p99 ${percentile([...poll.latencies, ...poll.firstPolls], 99).toFixed(1)} ms`,
  );
  console.log(`  load generator: sent p99 ${percentile(poll.lagMs, 99).toFixed(1)} ms after due (its own lag, not the server's)`);
  console.log(
    `queue integrity: ${queued.entries} entries for ${queued.distinct_calls} distinct calls of ${CALLS}; ` +
      `API lists ${listed} ${queued.entries === CALLS && queued.distinct_calls === CALLS && listed === CALLS ? "PASS" : "FAIL"}`,
  );
  providerAgent.destroy();
} finally {
  await db.end();
  await server.stop();
  await database.drop();
}
