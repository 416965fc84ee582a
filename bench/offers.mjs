// Benchmark: the offer engine (issue 44, point 10; issue 61, point 4), two servers on one PostgreSQL.
//  0. The ceiling of PostgreSQL notifications a second on this machine (two
//     senders, one listener; commits that do not wait for the disk, as the
//     engine's), for the capacity note (docs/decisions/026-offers-plan.md).
//  Then 300 agents hold event streams (half on each server) on one floor;
//  callers arrive into an offer queue; each agent accepts about 1 s after an
//  offer, its device joins, the caller hangs up about 5 s later and the agent
//  chooses Available again.
//  1. The rate the machine sustains, searched: 10 s probes from 4 calls a
//     second, doubled while (a) p99 < 150 ms, the inbound answer p99 < 1 s,
//     every provider callback answered (no 5xx) and nothing lost; then
//     halved between twice. The rate found must then hold for the floor's
//     30 s, or the next lower rate that held a probe is taken.
//  2. The floor at that rate for 30 s: what a call costs (servers' and
//     PostgreSQL's CPU; goal 20 ms together) and (a): the inbound webhook's
//     answer (at the callers' process) to the offer event's arrival at the
//     agent (at the agents' process), both on the wall clock.
//  3. Twice that rate for 30 s: every provider callback answered (no 5xx),
//     inbound answer p99 < 1 s, no call accepted twice, no caller lost.
//  4. A backlog: three agents for each call a second of the sustained rate, callers at that rate for 10 s, so
//     callers always wait. (b): an agent's "Available" answered to their next
//     offer's arrival.
// Checked from the database after each part: no call offered to two agents at
// once, no agent offered two calls at once, no caller lost (every answered
// inbound call accepted exactly once) or queued twice.
//
//   npm run build && npm run bench:offers
//   (BENCH_AGENTS=300, BENCH_CALLS_PER_SECOND fixes the rate instead of searching it,
//    BENCH_START_RATE=4, BENCH_MAX_RATE=64, BENCH_PROBE_SECONDS=10, BENCH_SECONDS=30)
import { fork } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import pg from "pg";
import { createTestDatabase, startServer, TEST_PROVIDER } from "../e2e/support/server.mjs";
import { cpuSeconds, machineSeconds, postgresSeconds } from "./support/cpu.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const AGENTS = Number(process.env.BENCH_AGENTS ?? 300);
/** A fixed rate skips the search for the sustainable one. */
const FIXED_RATE = Number(process.env.BENCH_CALLS_PER_SECOND ?? 0);
const START_RATE = Number(process.env.BENCH_START_RATE ?? 4);
const MAX_RATE = Number(process.env.BENCH_MAX_RATE ?? 64);
const PROBE_SECONDS = Number(process.env.BENCH_PROBE_SECONDS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/** Unset: three agents for each call a second, under half of what the rate needs (a call holds an agent about 7 s), so callers always wait. */
const BACKLOG_AGENTS_SET = Number(process.env.BENCH_BACKLOG_AGENTS ?? 0);
const BACKLOG_SECONDS = Number(process.env.BENCH_BACKLOG_SECONDS ?? 10);
const NUMBER = "+18005550440";

const percentile = (values, p) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] : NaN);
const ms = (v) => (Number.isNaN(v) ? "n/a" : `${v.toFixed(1)} ms`);
const sleep = (t) => new Promise((r) => setTimeout(r, t));

const database = await createTestDatabase(adminUrl);
// CALLER_ANSWER_MS as in production (the test servers' default waits for the database).
const serverEnv = { CALLER_ANSWER_MS: process.env.BENCH_CALLER_ANSWER_MS ?? "300" };
const servers = [await startServer({ databaseUrl: database.url, label: "offers-a", env: serverEnv }), await startServer({ databaseUrl: database.url, label: "offers-b", env: serverEnv })];
const db = new pg.Client({ connectionString: database.url });
await db.connect();
const children = [];

/** Notifications a second PostgreSQL carries here: two connections notifying as fast as they can, one listening. */
async function notifyCeiling(seconds = 5) {
  const listener = new pg.Client({ connectionString: database.url });
  await listener.connect();
  let heard = 0;
  listener.on("notification", () => (heard += 1));
  await listener.query("LISTEN bench_ceiling");
  const payload = JSON.stringify({ type: "offer.created", data: { id: 1, call_sid: `CA${"0".repeat(32)}`, from: "+14155550100", queue_id: 1 }, pad: "x".repeat(200) });
  const senders = await Promise.all(
    [0, 1].map(async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query("SET synchronous_commit = off");
      return client;
    }),
  );
  const until = performance.now() + seconds * 1000;
  let sent = 0;
  await Promise.all(
    senders.map(async (client) => {
      while (performance.now() < until) {
        await client.query("SELECT pg_notify('bench_ceiling', $1)", [payload]);
        sent += 1;
      }
    }),
  );
  await sleep(500);
  await Promise.all([...senders, listener].map((c) => c.end()));
  return { sent: sent / seconds, heard: heard / seconds };
}

/** The provider's callers, from a process of its own (bench/support/callers.mjs): they wait until an agent takes them. */
let callers = null;
async function placeCalls(rate, seconds) {
  callers?.kill();
  callers = fork(new URL("./support/callers.mjs", import.meta.url), [
    JSON.stringify({ servers: servers.map((s) => s.baseUrl), rate, number: NUMBER, hangup: false, accountSid: TEST_PROVIDER.TWILIO_ACCOUNT_SID, authToken: TEST_PROVIDER.TWILIO_AUTH_TOKEN }),
  ]);
  await new Promise((resolve, reject) => (callers.once("message", resolve), callers.once("error", reject)));
  return new Promise((resolve) => (callers.once("message", resolve), callers.send({ place: seconds })));
}

const ask = (child, message) => new Promise((resolve) => (child.once("message", resolve), child.send(message)));

/** Until no caller waits and no agent is on a call or wrapping up (or `timeoutMs`). */
async function drained(orgId, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const {
      rows: [row],
    } = await db.query(
      `SELECT (SELECT count(*) FROM queue_entries WHERE organization_id = $1 AND status IN ('waiting', 'accepted'))::int AS calls,
              (SELECT count(*) FROM agent_statuses WHERE organization_id = $1 AND status IN ('busy', 'wrap_up'))::int AS agents`,
      [orgId],
    );
    if ((row.calls === 0 && row.agents === 0) || Date.now() > until) return row;
    await sleep(250);
  }
}

/** The promises of point 8, read off the database for the calls answered. */
async function invariants(orgId, answeredSids) {
  const {
    rows: [r],
  } = await db.query(
    `
    SELECT
      (SELECT count(*) FROM (SELECT queue_entry_id FROM offers WHERE organization_id = $1 GROUP BY 1 HAVING count(*) FILTER (WHERE status = 'accepted') > 1) x)::int AS accepted_twice,
      (SELECT count(*) FROM offers a JOIN offers b ON b.queue_entry_id = a.queue_entry_id AND b.id > a.id
        WHERE a.organization_id = $1 AND b.created_at < COALESCE(a.answered_at, a.expires_at))::int AS call_offered_twice_at_once,
      (SELECT count(*) FROM offers a JOIN offers b ON b.user_id = a.user_id AND b.id > a.id
        WHERE a.organization_id = $1 AND b.created_at < COALESCE(a.answered_at, a.expires_at))::int AS agent_offered_twice_at_once,
      (SELECT count(*) FROM queue_entries WHERE organization_id = $1 AND call_sid = ANY($2::text[]) AND status = 'completed')::int AS completed,
      (SELECT count(*) FROM queue_entries WHERE organization_id = $1 AND call_sid = ANY($2::text[]))::int AS entries,
      (SELECT count(DISTINCT queue_entry_id) FROM offers WHERE organization_id = $1 AND status = 'accepted')::int AS accepted_calls`,
    [orgId, answeredSids],
  );
  return { ...r, lost: answeredSids.length - r.completed };
}

try {
  // 0. The notification ceiling, before anything else loads the machine.
  const ceiling = await notifyCeiling();

  const {
    rows: [org],
  } = await db.query(`INSERT INTO organizations (name, updated_at) VALUES ('Offer Co', now()) RETURNING id`);
  const {
    rows: [dept],
  } = await db.query(`INSERT INTO departments (organization_id, name, updated_at) VALUES ($1, 'Floor', now()) RETURNING id`, [org.id]);
  await db.query(`INSERT INTO settings (organization_id, key, value, updated_at) VALUES ($1, 'telephony', $2, now())`, [org.id, JSON.stringify({ phone_numbers: [NUMBER] })]);
  await db.query(`INSERT INTO queues (organization_id, department_id, distribution, offer_timeout_seconds) VALUES ($1, NULL, 'offer', 20), ($1, $2, 'offer', 20)`, [org.id, dept.id]);
  const hash = await bcrypt.hash("bench-password", 10);
  const { rows: users } = await db.query(
    `INSERT INTO users (organization_id, department_id, name, email, password_hash, role, updated_at)
     SELECT $1, $2, 'Agent ' || g, 'offer-agent' || g || '@bench.test', $3, 'agent', now() FROM generate_series(1, $4) g RETURNING id`,
    [org.id, dept.id, hash, AGENTS],
  );
  const agents = [];
  for (const [i, user] of users.entries()) {
    const secret = randomBytes(32).toString("base64url");
    const {
      rows: [token],
    } = await db.query(`INSERT INTO api_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day') RETURNING id`, [user.id, createHash("sha256").update(secret).digest("hex")]);
    agents.push({ id: user.id, bearer: `Bearer ${token.id}|${secret}`, server: servers[i % 2].baseUrl });
  }
  await db.query(
    `INSERT INTO agent_statuses (user_id, organization_id, status, changed_at) SELECT id, $1, 'available', now() - make_interval(secs => id % 600) FROM users WHERE organization_id = $1`,
    [org.id],
  );

  // The agents, in two processes of their own (a process's busy loop must not delay the timing of another's).
  const options = { number: NUMBER, accountSid: TEST_PROVIDER.TWILIO_ACCOUNT_SID, authToken: TEST_PROVIDER.TWILIO_AUTH_TOKEN, acceptAfterMs: 1000, talkMs: 5000 };
  for (const half of [agents.filter((_, i) => i % 2 === 0), agents.filter((_, i) => i % 2 === 1)]) {
    const child = fork(new URL("./support/offer-agents.mjs", import.meta.url), [JSON.stringify({ ...options, agents: half })]);
    children.push(child);
    await new Promise((resolve, reject) => (child.once("message", resolve), child.once("error", reject)));
  }
  const collect = async () => {
    const reports = await Promise.all(children.map((child) => ask(child, "report")));
    const provider = {};
    for (const r of reports)
      for (const [path, byStatus] of Object.entries(r.provider)) for (const [status, n] of Object.entries(byStatus)) (provider[path] ??= {})[status] = (provider[path][status] ?? 0) + n;
    return {
      provider,
      arrivals: reports.flatMap((r) => r.arrivals),
      frees: reports.flatMap((r) => r.frees),
      accepted: reports.reduce((n, r) => n + r.accepted, 0),
      refused: reports.map((r) => r.refused),
      errors: reports.flatMap((r) => r.errors),
      streamErrors: reports.reduce((n, r) => n + r.streamErrors, 0),
    };
  };

  // Warm-up: 10 s at 4 calls a second, then drained and forgotten.
  await placeCalls(4, 10);
  await drained(org.id, 30_000);
  await collect();
  // The statistics of a floor that has taken calls (autovacuum's, within its minute): taken before
  // any call, as they were, they said the calls' tables were empty, and every plan the servers'
  // prepared statements kept was made for empty tables (docs/decisions/034, eleventh session).
  await db.query("ANALYZE");

  /** Callers at `rate` for `seconds` on the whole floor, drained, with what it cost and what the callers and agents saw. */
  async function floorAt(rate, seconds, drainMs) {
    const cpuStart = servers.map((s) => cpuSeconds(s.pid));
    const pgStart = postgresSeconds();
    const machineStart = machineSeconds();
    const placed = await placeCalls(rate, seconds);
    const serverCpu = servers.map((s, i) => cpuSeconds(s.pid) - cpuStart[i]);
    const pgCpu = postgresSeconds() - pgStart;
    const machineEnd = machineSeconds();
    const left = await drained(org.id, drainMs);
    const seen = await collect();
    const answered = new Map(placed.answered);
    const firstOffer = new Map();
    for (const [sid, , at] of seen.arrivals) if (!firstOffer.has(sid) || firstOffer.get(sid) > at) firstOffer.set(sid, at);
    const toOffer = [...firstOffer].filter(([sid]) => answered.has(sid)).map(([sid, at]) => at - answered.get(sid));
    const checks = await invariants(
      org.id,
      placed.answered.map(([sid]) => sid),
    );
    // Every provider callback's answers by status: the callers' inbound, the agents' device joins and hang-ups.
    const provider = { inbound: placed.statuses, ...seen.provider };
    const serverErrors = Object.values(provider).reduce(
      (n, byStatus) =>
        n +
        Object.entries(byStatus)
          .filter(([status]) => Number(status) >= 500 || Number(status) === 0)
          .reduce((m, [, count]) => m + count, 0),
      0,
    );
    return {
      rate,
      seconds,
      placed,
      seen,
      left,
      checks,
      provider,
      serverErrors,
      toOffer,
      offerP99: percentile(toOffer, 99),
      webhookP99: percentile(placed.webhookMs, 99),
      cpu: { servers: serverCpu, pg: pgCpu, machineBusy: machineEnd.busy - machineStart.busy, machineTotal: machineEnd.total - machineStart.total },
      sound: checks.lost === 0 && checks.accepted_twice === 0 && checks.call_offered_twice_at_once === 0 && checks.agent_offered_twice_at_once === 0 && left.calls === 0,
    };
  }
  /** Sustained: offers within 150 ms at p99, callers answered within a second, every callback answered, nothing lost, the floor drained. */
  const sustains = (run) => run.offerP99 < 150 && run.webhookP99 < 1000 && run.serverErrors === 0 && run.sound;
  const line = (run) =>
    `${run.rate}/s: offer p99 ${ms(run.offerP99)}, inbound p99 ${ms(run.webhookP99)}, callback errors ${run.serverErrors}, ` +
    `${run.sound ? "nothing lost" : `LOST ${JSON.stringify(run.checks)} left ${JSON.stringify(run.left)}`}`;

  // 1. The rate this machine sustains: doubled from BENCH_START_RATE while it holds, then halved between twice.
  const probes = [];
  /** The rates that held a probe, lowest first. */
  const held = [];
  let rate = FIXED_RATE;
  if (!rate) {
    let good = 0;
    let bad = 0;
    for (let r = START_RATE; r <= MAX_RATE; r *= 2) {
      const run = await floorAt(r, PROBE_SECONDS, 60_000);
      probes.push(line(run));
      if (sustains(run)) held.push((good = r));
      else {
        bad = r;
        break;
      }
    }
    for (let step = 0; step < 2 && bad && bad - good > 1; step++) {
      const r = Math.round((good + bad) / 2);
      const run = await floorAt(r, PROBE_SECONDS, 60_000);
      probes.push(line(run));
      if (sustains(run)) held.push((good = r));
      else bad = r;
    }
    held.sort((x, y) => x - y);
    rate = good || START_RATE;
  }

  // 2. The floor at that rate: the cost of a call, and (a). A short probe can pass a rate the floor does not
  // hold for the whole run (offers fall behind as the line grows): then the next lower rate that held.
  let floor = await floorAt(rate, SECONDS, 60_000);
  while (!FIXED_RATE && !sustains(floor) && held.some((r) => r < rate)) {
    probes.push(`${line(floor)}: not held for ${SECONDS} s`);
    rate = Math.max(...held.filter((r) => r < rate));
    floor = await floorAt(rate, SECONDS, 60_000);
  }
  // 3. Twice that rate: past capacity, every caller is still answered in time and none is lost.
  const past = await floorAt(rate * 2, SECONDS, 180_000);

  // 4. The backlog: only the first few agents work, too few for the rate (else (b) would time an agent's idle wait for their turn).
  const BACKLOG_AGENTS = BACKLOG_AGENTS_SET || Math.max(10, Math.round(rate * 3));
  await db.query(`UPDATE agent_statuses SET status = 'offline', changed_at = now() WHERE organization_id = $1 AND user_id <> ALL($2::int[])`, [
    org.id,
    users.slice(0, BACKLOG_AGENTS).map((u) => u.id),
  ]);
  const backlogStart = Date.now();
  const backlogPlaced = await placeCalls(rate, BACKLOG_SECONDS);
  const backlogEnd = Date.now();
  const afterBacklog = await drained(org.id, 120_000);
  const backlog = await collect();
  // Each Available answered while callers waited, to that agent's next offer.
  const byAgent = new Map();
  for (const [, userId, at] of backlog.arrivals) (byAgent.get(userId) ?? byAgent.set(userId, []).get(userId)).push(at);
  for (const list of byAgent.values()) list.sort((x, y) => x - y);
  const toNext = backlog.frees
    .filter(([, at]) => at >= backlogStart && at <= backlogEnd + 5_000)
    .flatMap(([userId, at]) => {
      const next = byAgent.get(userId)?.find((t) => t >= at - 50);
      return next === undefined ? [] : [next - at];
    });
  // What must never happen, however far past capacity.
  const NONE_ALLOWED = ["lost", "accepted_twice", "call_offered_twice_at_once", "agent_offered_twice_at_once"];
  const backlogChecks = await invariants(
    org.id,
    [...floor.placed.answered, ...past.placed.answered, ...backlogPlaced.answered].map(([sid]) => sid),
  );

  const calls = floor.placed.answered.length;
  const perCall = (seconds) => (1000 * seconds) / calls;
  const serversPerCall = perCall(floor.cpu.servers[0] + floor.cpu.servers[1]);
  const pgPerCall = perCall(floor.cpu.pg);
  const verdict = (ok) => (ok ? "PASS" : "FAIL");
  console.log("\noffers on PostgreSQL, two servers");
  console.log(`notification ceiling here (two senders, one listener, ~300-byte payloads): ${ceiling.sent.toFixed(0)} sent/s, ${ceiling.heard.toFixed(0)} heard/s`);
  if (probes.length) console.log(`1. the rate sustained (${PROBE_SECONDS} s a probe, ${AGENTS} agents):\n   ${probes.join("\n   ")}`);
  console.log(`   sustainable rate: ${rate} calls/s${FIXED_RATE ? " (BENCH_CALLS_PER_SECOND, not searched)" : ""}; tried past it: ${rate * 2} calls/s`);
  console.log(
    `2. at ${rate}/s for ${SECONDS} s, ${AGENTS} agents streaming: ${calls} calls (webhook errors ${floor.placed.errors.length}); ` +
      `${floor.seen.arrivals.length} offers, ${floor.seen.accepted} accepted, refused ${JSON.stringify(floor.seen.refused)}, ` +
      `agent errors ${floor.seen.errors.length} ${floor.seen.errors.slice(0, 3).join("; ")}, stream errors ` +
      `${floor.seen.streamErrors}`,
  );
  console.log(`   inbound webhook answer: p50 ${ms(percentile(floor.placed.webhookMs, 50))}, p99 ${ms(floor.webhookP99)}`);
  console.log(`   (a) webhook answered → offer at the agent (${floor.toOffer.length} calls): p50 ${ms(percentile(floor.toOffer, 50))}, p99 ${ms(floor.offerP99)} ${verdict(floor.offerP99 < 150)}`);
  console.log(`   checks: ${JSON.stringify(floor.checks)}; left after draining: ${JSON.stringify(floor.left)} ${verdict(floor.sound)}`);
  console.log(
    `   CPU for the ${SECONDS} s: servers ${floor.cpu.servers.map((c) => c.toFixed(1)).join(" + ")} s, PostgreSQL ` +
      `${floor.cpu.pg.toFixed(1)} s; machine ${floor.cpu.machineBusy.toFixed(1)} of ${floor.cpu.machineTotal.toFixed(1)} ` +
      `core-seconds busy`,
  );
  console.log(
    `   per call (inbound, offer, accept, device join, hang-up, Available: 5 requests and 1 offer event): ` +
      `servers ${serversPerCall.toFixed(2)} ms, PostgreSQL ${pgPerCall.toFixed(2)} ms, together ${(serversPerCall + pgPerCall).toFixed(2)} ` +
      `ms ${verdict(serversPerCall + pgPerCall <= 20)} (goal 20 ms)`,
  );
  console.log(
    `3. past capacity, ${rate * 2}/s for ${SECONDS} s: ${past.placed.answered.length} calls; provider callbacks ` +
      `by status ${JSON.stringify(past.provider)}: ${past.serverErrors} errors ${verdict(past.serverErrors === 0)}`,
  );
  console.log(
    `   inbound webhook answer: p50 ${ms(percentile(past.placed.webhookMs, 50))}, p99 ${ms(past.webhookP99)} ${verdict(past.webhookP99 < 1000)}; ` +
      `webhook → offer p50 ${ms(percentile(past.toOffer, 50))}, p99 ${ms(past.offerP99)}`,
  );
  console.log(`   checks: ${JSON.stringify(past.checks)}; left after draining: ${JSON.stringify(past.left)} ${verdict(past.sound)}`);
  console.log(`4. backlog: ${BACKLOG_AGENTS} agents, ${backlogPlaced.answered.length} calls at ${rate}/s for ${BACKLOG_SECONDS} s, drained: ${JSON.stringify(afterBacklog)}`);
  console.log(
    `   (b) agent Available answered → next offer at the agent (${toNext.length} frees while callers waited): ` +
      `p50 ${ms(percentile(toNext, 50))}, p99 ${ms(percentile(toNext, 99))} ${verdict(percentile(toNext, 99) < 150)}`,
  );
  console.log(`   checks over every part: ${JSON.stringify(backlogChecks)} ${verdict(NONE_ALLOWED.every((check) => backlogChecks[check] === 0))}`);
  if (process.env.BENCH_SERVER_LOG)
    for (const server of servers)
      console.log(
        server
          .output()
          .split("\n")
          .filter((l) => /slow|error|warn/i.test(l))
          .slice(-15)
          .join("\n"),
      );
} finally {
  callers?.kill();
  children.forEach((child) => child.kill());
  await db.end();
  await Promise.all(servers.map((s) => s.stop()));
  await database.drop();
}
