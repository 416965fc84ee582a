// Benchmark: text messages (issue 19), on PostgreSQL.
//  1. 200 incoming messages arrive within one second (signed provider posts,
//     100 senders texting twice, all in flight together), then 20 of them are
//     delivered again: p50/p99 of the answer; every message stored once.
//  2. A thread of 10,000 messages: its first page (GET /api/conversations/{id}/messages),
//     300 sequential reads: p50/p95.
//  3. The conversation list over 100,000 conversations (GET /api/conversations):
//     an admin's first page, an agent's (their own and their department's unassigned),
//     and open ones only: p50/p95.
// Targets: incoming p99 < 100 ms, none lost, none twice; thread p95 < 30 ms; list p95 < 50 ms.
//
//   npm run build && npm run bench:messages      (BENCH_CONVERSATIONS=100000, BENCH_THREAD=10000)
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import bcrypt from "bcryptjs";
import pg from "pg";
import twilio from "twilio";
import { createTestDatabase, startServer, TEST_PROVIDER } from "../e2e/support/server.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const MESSAGES = 200;
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const THREAD = Number(process.env.BENCH_THREAD ?? 10_000);
const READS = 300;

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const sid = () => `SM${randomBytes(16).toString("hex")}`;

const database = await createTestDatabase(adminUrl);
const server = await startServer({ databaseUrl: database.url, label: "bench" });
const db = new pg.Client({ connectionString: database.url });
await db.connect();
const agent = new http.Agent({ keepAlive: true });

function request(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers: { ...headers, ...(body && { "Content-Length": Buffer.byteLength(body) }) } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function timedReads(url, bearer, count) {
  for (let i = 0; i < 30; i++) await request(url, { headers: { Authorization: bearer } }); // warm-up
  const ms = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const response = await request(url, { headers: { Authorization: bearer } });
    ms.push(performance.now() - t0);
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${response.text.slice(0, 200)}`);
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

try {
  const {
    rows: [org],
  } = await db.query(`INSERT INTO organizations (name, updated_at) VALUES ('Texting Co', now()) RETURNING id`);
  const {
    rows: [dept],
  } = await db.query(`INSERT INTO departments (organization_id, name, updated_at) VALUES ($1, 'Floor', now()) RETURNING id`, [org.id]);
  const number = "+18005550100";
  await db.query(`INSERT INTO settings (organization_id, key, value, updated_at) VALUES ($1, 'telephony', $2, now())`, [org.id, JSON.stringify({ phone_numbers: [number] })]);
  const hash = await bcrypt.hash("bench-password", 10);
  const { rows: users } = await db.query(
    `INSERT INTO users (organization_id, department_id, name, email, password_hash, role, updated_at)
     VALUES ($1, NULL, 'Admin', 'admin@texting.test', $2, 'account_admin', now()), ($1, $3, 'Agent', 'agent@texting.test', $2, 'agent', now()) RETURNING id, role`,
    [org.id, hash, dept.id],
  );
  const bearer = {};
  for (const user of users) {
    const secret = randomBytes(32).toString("base64url");
    const {
      rows: [token],
    } = await db.query(`INSERT INTO api_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day') RETURNING id`, [user.id, createHash("sha256").update(secret).digest("hex")]);
    bearer[user.role] = `Bearer ${token.id}|${secret}`;
  }
  const agentId = users.find((u) => u.role === "agent").id;

  // 1. Incoming messages.
  const smsUrl = `${server.baseUrl}/api/telephony/sms`;
  const incoming = (messageSid, from, body) => {
    const params = { AccountSid: TEST_PROVIDER.TWILIO_ACCOUNT_SID, MessageSid: messageSid, From: from, To: number, Body: body, NumMedia: "0" };
    const form = new URLSearchParams(params).toString();
    return request(smsUrl, {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": twilio.getExpectedTwilioSignature(TEST_PROVIDER.TWILIO_AUTH_TOKEN, smsUrl, params) },
    });
  };
  // A production server is never cold: its code is compiled and its database pool holds connections (warmed by bursts of 10).
  for (let burst = 0; burst < 10; burst++) await Promise.all(Array.from({ length: 10 }, (_, i) => incoming(sid(), `+1415777${String(burst * 10 + i).padStart(4, "0")}`, "warm-up")));
  const sids = Array.from({ length: MESSAGES }, sid);
  const started = performance.now();
  const results = await Promise.all(
    sids.map(async (messageSid, i) => {
      await new Promise((r) => setTimeout(r, (i * 1000) / MESSAGES));
      const t0 = performance.now();
      const response = await incoming(messageSid, `+1415555${String(i % 100).padStart(4, "0")}`, `Message ${i}: is my order on its way?`);
      return { ms: performance.now() - t0, ok: response.status === 200 && response.text.includes("<Response") };
    }),
  );
  const window = (performance.now() - started) / 1000;
  const again = await Promise.all(sids.slice(0, 20).map((messageSid, i) => incoming(messageSid, `+1415555${String(i % 100).padStart(4, "0")}`, `Message ${i}: is my order on its way?`)));
  const {
    rows: [stored],
  } = await db.query(`SELECT count(*)::int AS messages, count(DISTINCT provider_sid)::int AS distinct_sids FROM messages WHERE provider_sid = ANY($1)`, [sids]);
  const inboundMs = results.map((r) => r.ms);
  const errors = results.filter((r) => !r.ok).length + again.filter((r) => r.status !== 200).length;

  // 2. A thread of 10,000 messages.
  const {
    rows: [thread],
  } = await db.query(`INSERT INTO conversations (organization_id, department_id, phone, our_number, last_message_at) VALUES ($1, $2, '+14155550999', $3, now()) RETURNING id`, [
    org.id,
    dept.id,
    number,
  ]);
  await db.query(
    `INSERT INTO messages (organization_id, conversation_id, direction, body, status, from_number, to_number, encoding, segments, user_id, created_at)
     SELECT $1, $2, CASE WHEN g % 2 = 0 THEN 'inbound' ELSE 'outbound' END, 'Thread message ' || g, CASE WHEN g % 2 = 0 THEN 'received' ELSE 'delivered' END,
            '+14155550999', $3, 'GSM-7', 1, CASE WHEN g % 2 = 0 THEN NULL ELSE $4::int END, now() - ((${THREAD} - g) || ' seconds')::interval
     FROM generate_series(1, ${THREAD}) g`,
    [org.id, thread.id, number, agentId],
  );
  await db.query(`UPDATE conversations SET last_message_id = (SELECT max(id) FROM messages WHERE conversation_id = $1) WHERE id = $1`, [thread.id]);

  // 3. 100,000 conversations, each with its last message; a third assigned to the agent, a fifth closed.
  const t0 = performance.now();
  await db.query(
    `INSERT INTO conversations (organization_id, department_id, phone, our_number, status, assigned_user_id, last_message_at, created_at, updated_at)
     SELECT $1, $2, '+1999' || lpad(g::text, 7, '0'), $3, CASE WHEN g % 5 = 0 THEN 'closed' ELSE 'open' END, CASE WHEN g % 3 = 0 THEN $4::int END,
            now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval, now()
     FROM generate_series(1, ${CONVERSATIONS}) g`,
    [org.id, dept.id, number, agentId],
  );
  await db.query(
    `INSERT INTO messages (organization_id, conversation_id, direction, body, status, from_number, to_number, encoding, segments, created_at)
     SELECT organization_id, id, 'inbound', 'Hello from ' || phone, 'received', phone, our_number, 'GSM-7', 1, last_message_at
     FROM conversations WHERE organization_id = $1 AND last_message_id IS NULL AND phone LIKE '+1999%'`,
    [org.id],
  );
  await db.query(`UPDATE conversations c SET last_message_id = m.id FROM messages m WHERE m.conversation_id = c.id AND c.organization_id = $1 AND c.last_message_id IS NULL`, [org.id]);
  await db.query("ANALYZE");
  const seeded = (performance.now() - t0) / 1000;
  const {
    rows: [{ total }],
  } = await db.query(`SELECT count(*)::int AS total FROM conversations WHERE organization_id = $1`, [org.id]);

  const threadFigures = await timedReads(`${server.baseUrl}/api/conversations/${thread.id}/messages`, bearer.account_admin, READS);
  const lists = {
    "admin, first page": await timedReads(`${server.baseUrl}/api/conversations`, bearer.account_admin, READS),
    "admin, open only": await timedReads(`${server.baseUrl}/api/conversations?status=open`, bearer.account_admin, READS),
    "agent, first page": await timedReads(`${server.baseUrl}/api/conversations`, bearer.agent, READS),
    "agent, assigned=me": await timedReads(`${server.baseUrl}/api/conversations?assigned=me`, bearer.agent, READS),
  };

  console.log(`\nmessages on PostgreSQL`);
  console.log(
    `incoming: ${MESSAGES} messages in ${window.toFixed(2)} s from 100 senders, p50 ${percentile(inboundMs, 50).toFixed(1)} ` +
      `ms, p99 ${percentile(inboundMs, 99).toFixed(1)} ms, errors ${errors} ${percentile(inboundMs, 99) < 100 && !errors ? "PASS" : "FAIL"}`,
  );
  console.log(
    `  stored: ${stored.messages} messages for ${stored.distinct_sids} distinct SIDs of ${MESSAGES}, after ` +
      `20 repeated deliveries ${stored.messages === MESSAGES && stored.distinct_sids === MESSAGES ? "PASS" : "FAIL"}`,
  );
  console.log(`thread of ${THREAD} messages, first page (50): p50 ${threadFigures.p50.toFixed(1)} ms, p95 ${threadFigures.p95.toFixed(1)} ms ${threadFigures.p95 < 30 ? "PASS" : "FAIL"}`);
  console.log(`conversation list over ${total} conversations (seeded in ${seeded.toFixed(1)} s):`);
  for (const [name, figures] of Object.entries(lists)) console.log(`  ${name}: p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms ${figures.p95 < 50 ? "PASS" : "FAIL"}`);
} finally {
  agent.destroy();
  await db.end();
  await server.stop();
  await database.drop();
}
