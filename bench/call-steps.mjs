// Benchmark: what each request of an offered call costs the server and
// PostgreSQL (issue 61, point 4), one step at a time, on one server, nothing
// else running. bench:offers measures the whole floor; this says which of a
// call's five requests (and the pass that offers it) the cost is in.
// Calls are taken one after another, each step for every call before the
// next step, so that each step's CPU is read on its own.
//
//   npm run build && npm run bench:call-steps   (BENCH_CALLS=200)
import { createHash, randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import pg from "pg";
import twilio from "twilio";
import { createTestDatabase, startServer, TEST_PROVIDER } from "../e2e/support/server.mjs";
import { cpuSeconds, postgresSeconds } from "./support/cpu.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const NUMBER = "+18005550441";

const database = await createTestDatabase(adminUrl);
const server = await startServer({ databaseUrl: database.url, label: "call-steps", env: { CALLER_ANSWER_MS: "300" } });
const db = new pg.Client({ connectionString: database.url });
await db.connect();

async function post(path, { bearer, json, form } = {}) {
  const url = `${server.baseUrl}${path}`;
  const headers = bearer ? { Authorization: bearer, "Content-Type": "application/json" } : { "Content-Type": "application/x-www-form-urlencoded" };
  let body = JSON.stringify(json ?? {});
  if (form) {
    const full = { AccountSid: TEST_PROVIDER.TWILIO_ACCOUNT_SID, ...form };
    headers["X-Twilio-Signature"] = twilio.getExpectedTwilioSignature(TEST_PROVIDER.TWILIO_AUTH_TOKEN, url, full);
    body = new URLSearchParams(full).toString();
  }
  const response = await fetch(url, { method: "POST", headers, body });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path} ${response.status} ${text.slice(0, 200)}`);
  return text;
}

/** Runs `step` for every call in turn and answers the CPU it cost: server and PostgreSQL, ms a call. */
async function measure(name, calls, step) {
  const server0 = cpuSeconds(server.pid);
  const pg0 = postgresSeconds();
  for (const call of calls) await step(call);
  const serverMs = (1000 * (cpuSeconds(server.pid) - server0)) / calls.length;
  const pgMs = (1000 * (postgresSeconds() - pg0)) / calls.length;
  return { name, serverMs, pgMs };
}

try {
  const {
    rows: [org],
  } = await db.query(`INSERT INTO organizations (name, updated_at) VALUES ('Steps Co', now()) RETURNING id`);
  await db.query(`INSERT INTO settings (organization_id, key, value, updated_at) VALUES ($1, 'telephony', $2, now())`, [org.id, JSON.stringify({ phone_numbers: [NUMBER] })]);
  await db.query(`INSERT INTO queues (organization_id, department_id, distribution, offer_timeout_seconds) VALUES ($1, NULL, 'offer', 20)`, [org.id]);
  const hash = await bcrypt.hash("bench-password", 4);
  const {
    rows: [user],
  } = await db.query(`INSERT INTO users (organization_id, name, email, password_hash, role, updated_at) VALUES ($1, 'Agent', 'steps-agent@bench.test', $2, 'agent', now()) RETURNING id`, [
    org.id,
    hash,
  ]);
  const secret = randomBytes(32).toString("base64url");
  const {
    rows: [token],
  } = await db.query(`INSERT INTO api_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day') RETURNING id`, [user.id, createHash("sha256").update(secret).digest("hex")]);
  const bearer = `Bearer ${token.id}|${secret}`;
  await db.query(`INSERT INTO agent_statuses (user_id, organization_id, status, changed_at) VALUES ($1, $2, 'available', now())`, [user.id, org.id]);
  await db.query("ANALYZE");

  const offerOf = async (callSid) => {
    for (;;) {
      const {
        rows: [offer],
      } = await db.query(`SELECT o.id, o.queue_entry_id FROM offers o JOIN queue_entries e ON e.id = o.queue_entry_id WHERE e.call_sid = $1 AND o.status = 'open'`, [callSid]);
      if (offer) return offer;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  /** One whole call, step by step: every step for `count` calls in a row (one agent takes each in turn). */
  async function round(count) {
    const results = [];
    for (let i = 0; i < count; i++) {
      const call = { sid: `CA${randomBytes(16).toString("hex")}`, from: `+1415${String(2_000_000 + i).slice(-7)}` };
      const steps = [
        ["inbound", () => post("/api/telephony/inbound", { form: { CallSid: call.sid, From: call.from, To: NUMBER, CallStatus: "ringing" } })],
        [
          "offer made, accepted",
          async () => {
            call.offer = await offerOf(call.sid);
            await post(`/api/offers/${call.offer.id}/accept`, { bearer });
          },
        ],
        [
          "device joins (agent-dial-queue)",
          () =>
            post("/api/telephony/agent-dial-queue", {
              form: { CallSid: `CA${randomBytes(16).toString("hex")}`, From: `client:user_${user.id}`, Caller: `client:user_${user.id}`, To: NUMBER, QueueEntryId: String(call.offer.queue_entry_id) },
            }),
        ],
        [
          "caller hangs up (dequeue)",
          () => post("/api/telephony/dequeue", { form: { CallSid: call.sid, To: NUMBER, QueueResult: "bridged", QueueTime: "1", QueueSid: `QU${randomBytes(16).toString("hex")}` } }),
        ],
        ["Available", () => post("/api/agent/status", { bearer, json: { status: "available" } })],
      ];
      for (const [index, [name, step]] of steps.entries()) (results[index] ??= { name, runs: [] }).runs.push(step);
    }
    const measured = [];
    // A step's calls run in turn; the offer lookup (the bench's own SQL) is inside accept's, a small share of PostgreSQL's.
    // Each call must go through every step in order, so the steps interleave by call: measured per step by CPU deltas around each.
    const totals = results.map(({ name }) => ({ name, serverMs: 0, pgMs: 0 }));
    for (let i = 0; i < count; i++) {
      for (const [index, { runs }] of results.entries()) {
        const server0 = cpuSeconds(server.pid);
        const pg0 = postgresSeconds();
        await runs[i]();
        totals[index].serverMs += 1000 * (cpuSeconds(server.pid) - server0);
        totals[index].pgMs += 1000 * (postgresSeconds() - pg0);
      }
    }
    for (const t of totals) measured.push({ name: t.name, serverMs: t.serverMs / count, pgMs: t.pgMs / count });
    return measured;
  }

  await round(Math.min(50, CALLS)); // warm-up: code loaded, statements prepared
  const idle = await measure("idle, 1 s", [0], () => new Promise((resolve) => setTimeout(resolve, 1000)));
  const steps = await round(CALLS);
  console.log(
    `\none call's requests, ${CALLS} calls one after another, one server on PostgreSQL (CPU per call; the tick and streams cost ${idle.serverMs.toFixed(0)} ms of server and ${idle.pgMs.toFixed(0)} ` +
      `ms of PostgreSQL a second besides)`,
  );
  for (const step of steps) console.log(`  ${step.name.padEnd(34)} server ${step.serverMs.toFixed(2).padStart(6)} ms   PostgreSQL ${step.pgMs.toFixed(2).padStart(6)} ms`);
  const sum = (key) => steps.reduce((n, s) => n + s[key], 0);
  console.log(`  ${"the whole call".padEnd(34)} server ${sum("serverMs").toFixed(2).padStart(6)} ms   PostgreSQL ${sum("pgMs").toFixed(2).padStart(6)} ms`);
} finally {
  await db.end();
  await server.stop();
  await database.drop();
}
