// Benchmark: inbound routing through a caller menu (issue 23), on PostgreSQL.
//  200 inbound calls arrive within one second; each caller hears the menu
//  (the inbound webhook answers a <Gather>) and presses 1, 2 or 3, which sends
//  them to one of three department queues (the menu webhook answers <Enqueue>).
//  Reported: p50/p99 of every webhook (inbound and menu), and whether each
//  caller waits, once, in the queue their key chose. Target: webhook p99 < 100 ms,
//  none lost.
//
//   npm run build && npm run bench:routing       (BENCH_CALLS=200)
import { randomBytes } from "node:crypto";
import http from "node:http";
import pg from "pg";
import twilio from "twilio";
import { createTestDatabase, startServer, TEST_PROVIDER } from "../e2e/support/server.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const ms = (v) => `${v.toFixed(1)} ms`;

const database = await createTestDatabase(adminUrl);
const server = await startServer({ databaseUrl: database.url, label: "bench-routing" });
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const { rows: [org] } = await db.query(`INSERT INTO organizations (name, updated_at) VALUES ('Menu Co', now()) RETURNING id`);
  const { rows: departments } = await db.query(
    `INSERT INTO departments (organization_id, name, updated_at) SELECT $1, n, now() FROM unnest(ARRAY['Sales', 'Support', 'Billing']) n RETURNING id, name`,
    [org.id],
  );
  const number = "+18005550100";
  const plan = {
    name: "Main line", numbers: [], hours: null, holidays: [], closed_message: "Closed.", queue: { type: "queue", department_id: null },
    menu: { greeting: "Thanks for calling.", default_digit: "1", options: departments.map((d, i) => ({ digit: String(i + 1), label: d.name, words: [], target: { type: "queue", department_id: d.id } })) },
  };
  await db.query(
    `INSERT INTO settings (organization_id, key, value, updated_at) VALUES ($1, 'telephony', $2, now()), ($1, 'routing', $3, now())`,
    [org.id, JSON.stringify({ phone_numbers: [number, "+18005559999"] }), JSON.stringify({ plans: [plan] })],
  );

  const agent = new http.Agent({ keepAlive: true });
  // A signed provider post to a full callback address (the menu's action carries try= and org=).
  const post = (url, params) =>
    new Promise((resolve, reject) => {
      const full = { AccountSid: TEST_PROVIDER.TWILIO_ACCOUNT_SID, ...params };
      const body = new URLSearchParams(full).toString();
      const headers = { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), "X-Twilio-Signature": twilio.getExpectedTwilioSignature(TEST_PROVIDER.TWILIO_AUTH_TOKEN, url, full) };
      const t0 = performance.now();
      const request = http.request(url, { method: "POST", agent, headers }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode, text, ms: performance.now() - t0 }));
      });
      request.on("error", reject);
      request.end(body);
    });
  const inboundUrl = `${server.baseUrl}/api/telephony/inbound`;
  const action = (twiml) => /<Gather\b[^>]*\saction="([^"]*)"/.exec(twiml)?.[1]?.replace(/&amp;/g, "&");

  // Warm-up on the organization's second number (the same plan answers it): a production server is never cold.
  for (let i = 0; i < 30; i++) {
    const sid = `CA${randomBytes(16).toString("hex")}`;
    const menu = await post(inboundUrl, { CallSid: sid, From: "+14155559999", To: "+18005559999", CallStatus: "ringing" });
    await post(action(menu.text), { CallSid: sid, From: "+14155559999", To: "+18005559999", Digits: "1" });
  }
  await db.query(`DELETE FROM queue_entries WHERE organization_id = $1`, [org.id]);

  const calls = Array.from({ length: CALLS }, (_, i) => ({ sid: `CA${randomBytes(16).toString("hex")}`, from: `+1415555${String(i).padStart(4, "0")}`, digit: String((i % 3) + 1) }));
  const started = performance.now();
  const results = await Promise.all(
    calls.map(async (call, i) => {
      await new Promise((r) => setTimeout(r, (i * 1000) / CALLS));
      const menu = await post(inboundUrl, { CallSid: call.sid, From: call.from, To: number, CallStatus: "ringing" });
      const url = action(menu.text);
      if (menu.status !== 200 || !url) return { webhooks: [menu.ms], ok: false };
      const routed = await post(url, { CallSid: call.sid, From: call.from, To: number, Digits: call.digit });
      return { webhooks: [menu.ms, routed.ms], ok: routed.status === 200 && routed.text.includes(`q_${call.sid}`) };
    }),
  );
  const window = (performance.now() - started) / 1000;
  const webhooks = results.flatMap((r) => r.webhooks);
  const { rows } = await db.query(`SELECT call_sid, department_id FROM queue_entries WHERE organization_id = $1`, [org.id]);
  const placed = new Map(rows.map((r) => [r.call_sid, r.department_id]));
  const right = calls.filter((c) => placed.get(c.sid) === departments[Number(c.digit) - 1].id).length;
  const perQueue = departments.map((d) => `${d.name} ${rows.filter((r) => r.department_id === d.id).length}`).join(", ");

  console.log(`${CALLS} calls through the menu in ${window.toFixed(2)} s (${webhooks.length} webhooks, ${results.filter((r) => !r.ok).length} errors)`);
  console.log(`  webhook p50 ${ms(percentile(webhooks, 50))} · p95 ${ms(percentile(webhooks, 95))} · p99 ${ms(percentile(webhooks, 99))} · max ${ms(Math.max(...webhooks))} (target p99 < 100 ms)`);
  console.log(`  queued ${rows.length} of ${CALLS} (none twice: ${placed.size === rows.length}); in the queue their key chose: ${right}; per queue: ${perQueue}`);
  if (right !== CALLS || rows.length !== CALLS) process.exitCode = 1;
} finally {
  await db.end();
  await server.stop();
  await database.drop();
}
