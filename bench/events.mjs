// Benchmark: live updates (issue 20), two servers on one PostgreSQL.
//  1. 1,000 agents hold an event stream, half on each server; 100 inbound
//     calls a second for 60 s are posted to the two servers in turn, each
//     caller hanging up a second later (so the queue stays short, as in life).
//     Every queue event must reach every agent: counted per agent. Latency, for
//     a tenth of the agents streaming from a process of their own: from the
//     moment the callers' process (bench/support/callers.mjs) got the webhook's
//     answer to the event's arrival (the target), and from the event's writing
//     (the start of its statement, before the commit and the answer) to its arrival.
//  2. Memory per idle stream: each server's resident memory before and after
//     its 500 streams opened, divided by 500.
//  3. CPU: both servers' CPU seconds for that load with streams, then for the
//     same calls with the 1,000 agents polling GET /api/queue/calls every 2 s
//     instead (the load the stream replaces), side by side.
// Targets: every event delivered; answer → received p99 < 100 ms; < 50 KB per idle stream.
//
//   npm run build && npm run bench:events   (BENCH_AGENTS=1000, BENCH_CALLS_PER_SECOND=100, BENCH_SECONDS=60)
import { fork } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import bcrypt from "bcryptjs";
import pg from "pg";
import twilio from "twilio";
import { createTestDatabase, startServer, TEST_PROVIDER } from "../e2e/support/server.mjs";
import { pollLikeAgents } from "./support/agent-polls.mjs";
import { cpuSeconds, machineSeconds, postgresSeconds } from "./support/cpu.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const AGENTS = Number(process.env.BENCH_AGENTS ?? 1000);
const RATE = Number(process.env.BENCH_CALLS_PER_SECOND ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
// Callers hang up a second after joining (two webhooks and two events per call), so the queue stays short; 0: they all wait.
const HANGUP = process.env.BENCH_HANGUP !== "0";
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 15);

const percentile = (values, p) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] : NaN);
const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const database = await createTestDatabase(adminUrl);
const servers = [await startServer({ databaseUrl: database.url, label: "bench-a" }), await startServer({ databaseUrl: database.url, label: "bench-b" })];
const db = new pg.Client({ connectionString: database.url });
await db.connect();
const providerAgent = new http.Agent({ keepAlive: true });

/** One agent's stream: counts the queue events it receives. */
function openStream(baseUrl, bearer, counts, index) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/events?types=queue.entry.added,queue.entry.left`, { headers: { Authorization: bearer, Accept: "text/event-stream" }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream ${response.statusCode}`));
      response.on("error", () => (streamErrors.count += 1));
      response.on("close", () => (streamErrors.closed += 1));
      response.setEncoding("utf8");
      // These agents only count their events (the load generator shares the machine's two cores with the servers).
      let tail = "";
      response.on("data", (chunk) => {
        const text = tail + chunk;
        for (let at = text.indexOf("\nevent: queue."); at >= 0; at = text.indexOf("\nevent: queue.", at + 1)) counts[index] += 1;
        // A pattern cut by a chunk boundary is completed by the next chunk; a whole one cannot fit in the kept tail.
        tail = text.slice(-("\nevent: queue.".length - 1));
      });
      resolve(request);
    });
    request.on("error", (error) => ((streamErrors.count += 1), reject(error)));
  });
}
function post(url, params) {
  const body = new URLSearchParams(params).toString();
  const headers = {
    "Content-Type": "application/x-www-form-urlencoded",
    "Content-Length": Buffer.byteLength(body),
    "X-Twilio-Signature": twilio.getExpectedTwilioSignature(TEST_PROVIDER.TWILIO_AUTH_TOKEN, url, params),
  };
  return new Promise((resolve) => {
    const request = http.request(url, { method: "POST", agent: providerAgent, headers }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode));
    });
    request.on("error", (error) => (postErrors.push(error.message), resolve(0)));
    request.end(body);
  });
}

const streamErrors = { count: 0, closed: 0 };
const postErrors = [];

/** The provider's calls for `seconds`, from a process of their own (bench/support/callers.mjs, one for the whole run): its report once all are answered. */
let callers = null;
async function placeCalls(seconds) {
  if (!callers) {
    callers = fork(new URL("./support/callers.mjs", import.meta.url), [
      JSON.stringify({ servers: servers.map((s) => s.baseUrl), rate: RATE, number, hangup: HANGUP, accountSid: TEST_PROVIDER.TWILIO_ACCOUNT_SID, authToken: TEST_PROVIDER.TWILIO_AUTH_TOKEN }),
    ]);
    await new Promise((resolve, reject) => (callers.once("message", resolve), callers.once("error", reject)));
  }
  return new Promise((resolve) => (callers.once("message", resolve), callers.send({ place: seconds })));
}

const number = "+18005550300";
try {
  const {
    rows: [org],
  } = await db.query(`INSERT INTO organizations (name, updated_at) VALUES ('Live Co', now()) RETURNING id`);
  const {
    rows: [dept],
  } = await db.query(`INSERT INTO departments (organization_id, name, updated_at) VALUES ($1, 'Floor', now()) RETURNING id`, [org.id]);
  await db.query(`INSERT INTO settings (organization_id, key, value, updated_at) VALUES ($1, 'telephony', $2, now())`, [org.id, JSON.stringify({ phone_numbers: [number] })]);
  const hash = await bcrypt.hash("bench-password", 10);
  const { rows: agents } = await db.query(
    `INSERT INTO users (organization_id, department_id, name, email, password_hash, role, updated_at)
     SELECT $1, $2, 'Agent ' || g, 'agent' || g || '@live.test', $3, 'agent', now() FROM generate_series(1, $4) g RETURNING id`,
    [org.id, dept.id, hash, AGENTS],
  );
  const bearer = [];
  for (const agent of agents) {
    const secret = randomBytes(32).toString("base64url");
    const {
      rows: [token],
    } = await db.query(`INSERT INTO api_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day') RETURNING id`, [
      agent.id,
      createHash("sha256").update(secret).digest("hex"),
    ]);
    bearer.push(`Bearer ${token.id}|${secret}`);
  }
  // Warm-up: code compiled, pools open, on another organization's number (no stream hears it): 5 s at the rate.
  const {
    rows: [warm],
  } = await db.query(`INSERT INTO organizations (name, updated_at) VALUES ('Warm-up Co', now()) RETURNING id`);
  await db.query(`INSERT INTO settings (organization_id, key, value, updated_at) VALUES ($1, 'telephony', $2, now())`, [warm.id, JSON.stringify({ phone_numbers: ["+18005559999"] })]);
  const warmStart = performance.now();
  const warming = [];
  for (let i = 0; i < RATE * 5; i++) {
    const wait = warmStart + (i * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    warming.push(
      post(`${servers[i % 2].baseUrl}/api/telephony/inbound`, {
        AccountSid: TEST_PROVIDER.TWILIO_ACCOUNT_SID,
        CallSid: `CA${randomBytes(16).toString("hex")}`,
        From: "+14155559999",
        To: "+18005559999",
        CallStatus: "ringing",
      }),
    );
  }
  await Promise.all(warming);

  // 1 and 2: the streams.
  const memoryBefore = servers.map((s) => rssKb(s.pid));
  const latencies = [];
  const counts = new Array(AGENTS).fill(0);
  // A tenth of the agents (every tenth) stream in a child process that times each event; the rest only count theirs here.
  const sampledAgents = bearer.map((b, i) => ({ b, i })).filter(({ i }) => i % 10 === 0);
  const sampler = fork(new URL("./support/stream-sampler.mjs", import.meta.url), [
    JSON.stringify({ streams: sampledAgents.map(({ b, i }) => ({ url: `${servers[i % 2].baseUrl}/api/events?types=queue.entry.added,queue.entry.left`, bearer: b })) }),
  ]);
  await new Promise((resolve, reject) => (sampler.once("message", resolve), sampler.once("error", reject)));
  const streams = [];
  for (let i = 0; i < AGENTS; i += 50) {
    const batch = bearer
      .slice(i, i + 50)
      .map((b, j) => ({ b, index: i + j }))
      .filter(({ index }) => index % 10 !== 0);
    streams.push(...(await Promise.all(batch.map(({ b, index }) => openStream(servers[index % 2].baseUrl, b, counts, index)))));
  }
  await sleep(3000);
  const memoryAfter = servers.map((s) => rssKb(s.pid));
  const perStreamKb = memoryAfter.map((after, i) => (after - memoryBefore[i]) / (AGENTS / 2));

  // Warm-up with the streams open: a server's fan-out (and the agents' reading) runs as it does after minutes of
  // traffic, not its first seconds (the first 10 s of a cold run showed p99 twice that of the rest). Then forgotten.
  await placeCalls(WARM_UP_SECONDS);
  await sleep(3000);
  counts.fill(0);
  await new Promise((resolve) => (sampler.once("message", resolve), sampler.send("reset")));

  const cpuStart = servers.map((s) => cpuSeconds(s.pid));
  const machineStart = machineSeconds();
  const postgresStart = postgresSeconds();
  const ownStart = process.cpuUsage();
  const placed = await placeCalls(SECONDS);
  const calls = placed.calls;
  const errors = placed.errors.length;
  await sleep(3000);
  const streamCpu = servers.map((s, i) => cpuSeconds(s.pid) - cpuStart[i]);
  const machineEnd = machineSeconds();
  const machine = { busy: machineEnd.busy - machineStart.busy, total: machineEnd.total - machineStart.total };
  const postgresCpu = postgresSeconds() - postgresStart;
  const own = process.cpuUsage(ownStart);
  const benchCpu = (own.user + own.system) / 1e6;
  // Added (and left) per agent: the events of the callbacks that were answered (a refused one is in the errors).
  const expected = placed.events;
  const sampled = await new Promise((resolve) => (sampler.once("message", resolve), sampler.send("report")));
  sampler.kill();
  sampledAgents.forEach(({ i }, k) => (counts[i] = sampled.counts[k]));
  for (const ms of sampled.latencies) latencies.push(ms);
  // Webhook answered → event received, the target itself: each sampled stream's arrival against the moment the callers' process got the answer.
  const answeredAt = new Map(placed.answered);
  const afterAnswer = Object.entries(sampled.arrivals).flatMap(([sid, times]) => times.map((t) => t - answeredAt.get(sid)));
  if (process.env.BENCH_TIMELINE) {
    const byBucket = new Map();
    const first = Math.min(...placed.answered.map(([, t]) => t));
    for (const [sid, times] of Object.entries(sampled.arrivals))
      for (const t of times) {
        const bucket = Math.floor((answeredAt.get(sid) - first) / 5000) * 5;
        (byBucket.get(bucket) ?? byBucket.set(bucket, []).get(bucket)).push(t - answeredAt.get(sid));
      }
    console.log(
      "answered → received p99 by 5 s of the run:",
      [...byBucket]
        .sort((a, b) => a[0] - b[0])
        .map(([b, v]) => `${b}s ${percentile(v, 99)}`)
        .join(", "),
    );
  }
  const complete = counts.filter((n) => n === expected).length;
  console.log(`(stream errors ${streamErrors.count}, streams closed early ${streamErrors.closed}, webhook errors ${placed.errors.length} ${placed.errors.slice(0, 3).join("; ")})`);
  streams.forEach((request) => request.destroy());
  await sleep(1000);

  const streamWebhookMs = placed.webhookMs;
  // 3: the same calls, the agents polling instead.
  const pollCpuStart = servers.map((s) => cpuSeconds(s.pid));
  const [pollA, pollB, pollCalls] = await Promise.all([
    ...servers.map((server, s) =>
      pollLikeAgents({ url: `${server.baseUrl}/api/queue/calls`, headersFor: (i) => ({ Authorization: bearer[i * 2 + s] }), agents: AGENTS / 2, intervalMs: 2000, seconds: SECONDS }),
    ),
    placeCalls(SECONDS),
  ]);
  const webhookMs = pollCalls.webhookMs;
  const poll = { latencies: [...pollA.latencies, ...pollB.latencies], errors: pollA.errors + pollB.errors };
  const pollCpu = servers.map((s, i) => cpuSeconds(s.pid) - pollCpuStart[i]);

  console.log(`\nevents on PostgreSQL, two servers`);
  console.log(`streams: ${AGENTS} agents (${AGENTS / 2} per server), ${calls} calls at ${RATE}/s for ${SECONDS} s, ${expected} queue events per agent; webhook errors ${errors}`);
  console.log(
    `  inbound webhook answer: p50 ${percentile(streamWebhookMs, 50).toFixed(1)} ms, p99 ${percentile(streamWebhookMs, 99).toFixed(1)} ` +
      `ms (while polling instead: p50 ${percentile(webhookMs, 50).toFixed(1)} ms, p99 ${percentile(webhookMs, 99).toFixed(1)} ms)`,
  );
  console.log(`  delivered: ${complete} of ${AGENTS} agents received all ${expected} (min ${Math.min(...counts)}, max ${Math.max(...counts)}) ${complete === AGENTS && !errors ? "PASS" : "FAIL"}`);
  console.log(
    `  webhook answered → event received (${afterAnswer.length} samples, a tenth of the agents, timed in a process of their ` +
      `own against the callers' own; below 0: before the answer): p50 ${percentile(afterAnswer, 50).toFixed(1)} ` +
      `ms, p99 ${percentile(afterAnswer, 99).toFixed(1)} ms ${percentile(afterAnswer, 99) < 100 ? "PASS" : "FAIL"}`,
  );
  console.log(
    `  event written → received (an upper bound: from the start of the statement that wrote it, before its ` +
      `commit and the answer): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
  console.log(
    `  memory per idle stream: ${perStreamKb.map((kb) => `${kb.toFixed(1)} KB`).join(", ")} (RSS before ` +
      `${memoryBefore.map((k) => `${(k / 1024).toFixed(0)} MB`).join("/")}, after ${memoryAfter.map((k) => `${(k / 1024).toFixed(0)} MB`).join("/")}) ` +
      `${Math.max(...perStreamKb) < 50 ? "PASS" : "FAIL"}`,
  );
  console.log(
    `CPU for ${SECONDS} s of calls, both servers: with streams ${streamCpu.map((c) => c.toFixed(1)).join(" + ")} s = ${(streamCpu[0] + streamCpu[1]).toFixed(1)} s; with ${AGENTS} ` +
      `agents polling every 2 s ${pollCpu.map((c) => c.toFixed(1)).join(" + ")} s = ${(pollCpu[0] + pollCpu[1]).toFixed(1)} ` +
      `s (poll p99 ${percentile(poll.latencies, 99).toFixed(1)} ms, errors ${poll.errors})`,
  );
  console.log(
    `machine during the streamed calls: ${machine.busy.toFixed(1)} of ${machine.total.toFixed(1)} core-seconds ` +
      `busy (${((100 * machine.busy) / machine.total).toFixed(0)}%): the servers ${(streamCpu[0] + streamCpu[1]).toFixed(1)}, ` +
      `PostgreSQL ${postgresCpu.toFixed(1)}, ` +
      `this process (the untimed agents' streams) ${benchCpu.toFixed(1)}, the rest the callers' and the timing processes and the system`,
  );
  if (process.env.BENCH_SERVER_LOG)
    for (const server of servers)
      console.log(
        server
          .output()
          .split("\n")
          .filter((line) => /slow|error|warn/i.test(line))
          .slice(-15)
          .join("\n"),
      );
} finally {
  callers?.kill();
  providerAgent.destroy();
  await db.end();
  await Promise.all(servers.map((s) => s.stop()));
  await database.drop();
}
