// Benchmark: the website chat (issue 48, point 2), on PostgreSQL.
// 500 visitors connected at once (each its own event stream, as the widget
// holds one), then for 20 s: 50 visitor messages a second (visitors → inbox,
// timed to their arrival on an agent's event stream, /api/events) and 50 agent
// answers a second (inbox → visitors, timed to their arrival on the visitor's
// stream), each way spread over the visitors. Target: p99 from send to arrival
// under 200 ms, each way; nothing lost.
//
//   npm run build && npm run bench:web-chat       (BENCH_VISITORS=500, BENCH_RATE=50, BENCH_SECONDS=20)
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { createTestDatabase, startServer } from "../e2e/support/server.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const VISITORS = Number(process.env.BENCH_VISITORS ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SITE = "https://shop.example.com";
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

const database = await createTestDatabase(adminUrl);
const server = await startServer({ databaseUrl: database.url, label: "bench-chat" });
const db = new pg.Client({ connectionString: database.url });
await db.connect();
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(path, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${server.baseUrl}${path}`,
      { method, agent, headers: { "Content-Type": "application/json", ...headers, ...(payload && { "Content-Length": Buffer.byteLength(payload) }) } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** An event stream held open (its own socket); `onFrame` gets each frame's event name and data. */
function stream(path, headers, onFrame) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${server.baseUrl}${path}`, { headers }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`${path}: ${response.statusCode}`));
      let buffer = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event && data) onFrame(event, JSON.parse(data));
        }
      });
      resolve(req);
    });
    req.on("error", reject);
  });
}

const open = [];
try {
  const {
    rows: [org],
  } = await db.query(`INSERT INTO organizations (name, updated_at) VALUES ('Chat Co', now()) RETURNING id`);
  const {
    rows: [dept],
  } = await db.query(`INSERT INTO departments (organization_id, name, updated_at) VALUES ($1, 'Floor', now()) RETURNING id`, [org.id]);
  const {
    rows: [admin],
  } = await db.query(`INSERT INTO users (organization_id, name, email, password_hash, role, updated_at) VALUES ($1, 'Admin', 'admin@chat.test', 'x', 'account_admin', now()) RETURNING id`, [org.id]);
  const secret = randomBytes(32).toString("base64url");
  const {
    rows: [token],
  } = await db.query(`INSERT INTO api_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day') RETURNING id`, [admin.id, createHash("sha256").update(secret).digest("hex")]);
  const bearer = `Bearer ${token.id}|${secret}`;
  const widget = (await request("/api/settings/chat-widgets", { method: "POST", headers: { Authorization: bearer }, body: { name: "Shop", allowed_origins: [SITE], department_id: dept.id } })).body;
  const key = widget.public_key;

  // The agent's side: one event stream hearing every visitor's message.
  const inboxArrivals = new Map();
  open.push(
    await stream("/api/events?types=message.received", { Authorization: bearer }, (event, data) => event === "message.received" && inboxArrivals.set(String(data.message_id), performance.now())),
  );

  // 500 visitors, each with a conversation (a first message) and a stream.
  const visitors = [];
  const started = performance.now();
  for (let i = 0; i < VISITORS; i++) {
    // Many visits from one address would be refused (20 a minute): each visitor comes from an address of its own.
    const headers = { Origin: SITE, "X-Forwarded-For": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
    const visit = await request(`/api/chat/${key}/visitors`, { method: "POST", headers });
    if (visit.status !== 201) throw new Error(`visit: ${visit.status} ${JSON.stringify(visit.body)}`);
    const visitor = { token: visit.body.visitor_token, arrivals: new Map(), conversation: null };
    const first = await request(`/api/chat/${key}/messages`, { method: "POST", headers: { Origin: SITE, "X-Visitor-Token": visitor.token }, body: { body: `Hello from ${i}` } });
    if (first.status !== 201) throw new Error(`first message: ${first.status}`);
    open.push(
      await stream(
        `/api/chat/${key}/stream?token=${visitor.token}&last_id=${first.body.id}`,
        { Origin: SITE },
        (event, line) => line.from === "agent" && visitor.arrivals.set(line.body, performance.now()),
      ),
    );
    visitors.push(visitor);
  }
  const { rows } = await db.query(`SELECT v.token_hash, v.conversation_id FROM chat_visitors v WHERE v.widget_id = $1`, [widget.id]);
  const byHash = new Map(rows.map((r) => [r.token_hash, r.conversation_id]));
  for (const visitor of visitors) visitor.conversation = byHash.get(createHash("sha256").update(visitor.token).digest("hex"));
  console.log(`${VISITORS} visitors connected with a conversation each in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // Both ways at RATE a second, for SECONDS.
  const inbound = [];
  const outbound = [];
  const sends = [];
  const statuses = { inbound: {}, outbound: {} };
  const tick = 1000 / RATE;
  const t0 = performance.now();
  for (let n = 0; n < RATE * SECONDS; n++) {
    const due = t0 + n * tick;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const visitor = visitors[n % visitors.length];
    const answerTo = visitors[(n * 7 + 3) % visitors.length];
    const text = `answer ${n}`;
    const sentIn = performance.now();
    sends.push(
      request(`/api/chat/${key}/messages`, { method: "POST", headers: { Origin: SITE, "X-Visitor-Token": visitor.token }, body: { body: `question ${n}` } }).then((r) => {
        statuses.inbound[r.status] = (statuses.inbound[r.status] ?? 0) + 1;
        if (r.status === 201) inbound.push({ id: String(r.body.id), sent: sentIn });
      }),
    );
    const sentOut = performance.now();
    sends.push(
      request(`/api/conversations/${answerTo.conversation}/messages`, { method: "POST", headers: { Authorization: bearer }, body: { body: text } }).then((r) => {
        statuses.outbound[r.status] = (statuses.outbound[r.status] ?? 0) + 1;
        if (r.status === 201) outbound.push({ visitor: answerTo, text, sent: sentOut });
      }),
    );
  }
  await Promise.all(sends);
  const elapsed = (performance.now() - t0) / 1000;
  // What is still on its way arrives meanwhile (a line not there after 2 s counts as lost).
  await new Promise((r) => setTimeout(r, 2000));
  const report = (name, items, arrivalOf) => {
    const ms = items.map((item) => arrivalOf(item) - item.sent).filter((value) => Number.isFinite(value));
    const lost = items.length - ms.length;
    console.log(
      `${name}: ${items.length} sent in ${elapsed.toFixed(1)} s (${(items.length / elapsed).toFixed(1)}/s), ` +
        `arrived ${ms.length}, lost ${lost}; send→arrival p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ` +
        `ms, max ${Math.max(...ms).toFixed(0)} ms`,
    );
    return { p99: percentile(ms, 99), lost };
  };
  console.log(`answers: visitor messages ${JSON.stringify(statuses.inbound)}, agent answers ${JSON.stringify(statuses.outbound)}`);
  const a = report("visitor → inbox (agent's event stream)", inbound, (item) => inboxArrivals.get(item.id));
  const b = report("agent → visitor (visitor's stream)", outbound, (item) => item.visitor.arrivals.get(item.text));
  const pass = a.p99 < 200 && b.p99 < 200 && a.lost === 0 && b.lost === 0;
  console.log(pass ? "PASS: p99 under 200 ms each way, nothing lost" : "FAIL: a target was missed");
  process.exitCode = pass ? 0 : 1;
} finally {
  for (const req of open) req.destroy();
  await db.end();
  await server.stop();
  await database.drop();
}
