// Benchmark: live call control (issue 22), on PostgreSQL.
//  1. 100 calls in progress (100 agents, each on one answered inbound call).
//     Each agent holds, then resumes, its call, ROUNDS times; the controls
//     arrive at RATE a second (default 50: every agent acting every 2 s), and
//     all 100 at once as a worst case. The time from the control request leaving the client to the
//     provider request it causes reaching the (local, fake) provider REST API,
//     p50/p95/max. Target p95 < 100 ms.
//  2. Two servers on one database: each of 100 calls gets the same hold from
//     both servers at once; the provider must see exactly one move per call.
//  3. Transfer: each of the 100 calls of (1) is transferred cold to a number at
//     RATE a second; control → the provider's participant dial, p50/p95.
//  4. Monitor: a supervisor listens to each of the 100 calls of (2), then
//     whispers (a dial, then a participant update), p50/p95 of each.
//  5. Two servers apply one transfer once: the same warm transfer of each call
//     of (2) from both servers at once; one dial per call reaches the provider.
//
//   npm run build && node bench/call-control.mjs      (BENCH_ROUNDS=5)
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { startFakeProvider } from "../e2e/support/fake-provider.mjs";
import { createTestDatabase, startServer } from "../e2e/support/server.mjs";
import { cpuSeconds, postgresSeconds } from "./support/cpu.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const CALLS = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const WARM_UP = 20; // calls of their own, half on each server, controlled once each before anything is timed
const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
const sid = () => `CA${randomBytes(16).toString("hex")}`;

const fake = await startFakeProvider();
const database = await createTestDatabase(adminUrl);
const env = { TWILIO_API_BASE_URL: fake.baseUrl, TELEPHONY_SIMULATOR: "off", TWILIO_CALLER_ID: "+14155550000" };
const [a, b] = await Promise.all([startServer({ databaseUrl: database.url, label: "bench-a", env }), startServer({ databaseUrl: database.url, label: "bench-b", env })]);
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const {
    rows: [org],
  } = await db.query(`INSERT INTO organizations (name, updated_at) VALUES ('Control Co', now()) RETURNING id`);
  const {
    rows: [dept],
  } = await db.query(`INSERT INTO departments (organization_id, name, updated_at) VALUES ($1, 'Floor', now()) RETURNING id`, [org.id]);
  const { rows: agents } = await db.query(
    `INSERT INTO users (organization_id, department_id, name, email, password_hash, role, updated_at)
     SELECT $1, $2, 'Agent ' || g, 'ctl' || g || '@bench.test', 'x', 'agent', now() FROM generate_series(1, $3) g RETURNING id`,
    [org.id, dept.id, CALLS * 2 + WARM_UP],
  );
  const secrets = agents.map(() => randomBytes(32).toString("base64url"));
  const { rows: tokens } = await db.query(
    `INSERT INTO api_tokens (user_id, token_hash, expires_at) SELECT u, h, now() + interval '1 day' FROM unnest($1::int[], $2::text[]) AS t(u, h) RETURNING id, user_id`,
    [agents.map((x) => x.id), secrets.map((s) => createHash("sha256").update(s).digest("hex"))],
  );
  const bearer = new Map(tokens.map((t) => [t.user_id, `Bearer ${t.id}|${secrets[agents.findIndex((x) => x.id === t.user_id)]}`]));
  const {
    rows: [manager],
  } = await db.query(
    `INSERT INTO users (organization_id, department_id, name, email, password_hash, role, updated_at) VALUES ($1, $2, 'Supervisor', 'sup@bench.test', 'x', 'dept_manager', now()) RETURNING id`,
    [org.id, dept.id],
  );
  const managerSecret = randomBytes(32).toString("base64url");
  const {
    rows: [managerToken],
  } = await db.query(`INSERT INTO api_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day') RETURNING id`, [
    manager.id,
    createHash("sha256").update(managerSecret).digest("hex"),
  ]);
  const supervisor = `Bearer ${managerToken.id}|${managerSecret}`;

  // Calls in progress, as the queue leaves them when each agent's device has joined its caller.
  const liveCalls = async (users) => {
    const calls = users.map((user) => ({ user, customer: sid(), agentLeg: sid() }));
    await db.query(
      `INSERT INTO live_calls (organization_id, call_sid, direction, user_id, department_id, number, state, customer_leg_sid, agent_leg_sid, answered_at)
       SELECT $1, c, 'inbound', u, $2, '+14155550100', 'answered', c, l, now() FROM unnest($3::int[], $4::text[], $5::text[]) AS t(u, c, l)`,
      [org.id, dept.id, calls.map((c) => c.user), calls.map((c) => c.customer), calls.map((c) => c.agentLeg)],
    );
    await db.query(`INSERT INTO agent_statuses (user_id, organization_id, status, current_call_sid, changed_at) SELECT u, $1, 'busy', c, now() FROM unnest($2::int[], $3::text[]) AS t(u, c)`, [
      org.id,
      calls.map((c) => c.user),
      calls.map((c) => c.customer),
    ]);
    return calls;
  };

  const post = async (server, path, authorization, body) => {
    const sent = Date.now();
    const response = await fetch(`${server.baseUrl}${path}`, { method: "POST", headers: { Authorization: authorization, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    await response.arrayBuffer();
    return { status: response.status, sent };
  };
  const control = (server, call, on) => post(server, `/api/calls/${call.customer}/hold`, bearer.get(call.user), { on });
  const conferenceOf = (call) => fake.controls.find((c) => c.call === call.agentLeg && c.kind === "call.update")?.body.Twiml.match(/>(call_\d+)</)?.[1];
  // The first provider request in a call's conference of a kind, after `sent`.
  const reachedConference = (call, kind, sent) => fake.controls.find((c) => c.at >= sent && c.kind === kind && c.conference === call.conference)?.at;
  // What a phase cost: server A's CPU (all controls go to it) and PostgreSQL's, per control.
  const costOf = async (count, run) => {
    const before = { server: cpuSeconds(a.pid), postgres: postgresSeconds() };
    const result = await run();
    const per = (seconds) => `${((seconds * 1000) / count).toFixed(1)} ms`;
    return { result, cost: `CPU per control: server ${per(cpuSeconds(a.pid) - before.server)}, PostgreSQL ${per(postgresSeconds() - before.postgres)}` };
  };
  const summary = (values) => `p50 ${quantile(values, 0.5)} ms · p95 ${quantile(values, 0.95)} ms · max ${Math.max(...values)} ms`;
  // The provider request a control caused: the first one for that call after it was sent.
  const reached = (call, sent) => fake.controls.find((c) => c.at >= sent && (c.call === call.agentLeg || c.call === call.customer))?.at;

  // A production server is never cold: its first requests load each route's code. Warm-up calls of their own, on both servers.
  const warm = await liveCalls(agents.slice(CALLS * 2).map((x) => x.id));
  for (const [i, call] of warm.entries()) {
    const server = i % 2 ? b : a;
    await control(server, call, true);
    await control(server, call, false);
    await post(server, `/api/calls/${call.customer}/monitor`, supervisor, { mode: "listen" });
    await post(server, `/api/calls/${call.customer}/transfer`, bearer.get(call.user), { target: { type: "number", number: "+14155550199" }, mode: "cold" });
  }

  // 1. Latency with 100 calls in progress. First hold moves the call into its conference; the caller's leg then joins it.
  const calls = await liveCalls(agents.slice(0, CALLS).map((x) => x.id));
  for (const server of [a, b]) await fetch(`${server.baseUrl}/api/health`);
  const latency = { hold: [], resume: [], burst: [] };
  const costs = {};
  let errors = 0;
  const paced = (on) => Promise.all(calls.map((call, i) => new Promise((r) => setTimeout(r, (i * 1000) / RATE)).then(() => control(a, call, on))));
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (const on of [true, false]) {
      // The last round: all 100 at the same moment.
      const burst = round === ROUNDS;
      const { result: results, cost } = await costOf(CALLS, () => (burst ? Promise.all(calls.map((call) => control(a, call, on))) : paced(on)));
      if (round === ROUNDS - 1) costs[on ? "hold" : "resume"] = cost;
      results.forEach((result, i) => {
        const at = reached(calls[i], result.sent);
        if (result.status !== 200 || at === undefined) errors += 1;
        else latency[burst ? "burst" : on ? "hold" : "resume"].push(at - result.sent);
      });
      if (round === 0 && on) {
        // The provider seats each caller in the conference (the queue's action) and reports it.
        for (const call of calls) {
          const conference = fake.controls.find((c) => c.call === call.agentLeg)?.body.Twiml.match(/>(call_\d+)</)?.[1];
          await fetch(`${fake.baseUrl}/__join?conference=${conference}&call=${call.customer}`, { method: "POST" });
        }
      }
    }
  }
  const all = [...latency.hold, ...latency.resume];
  console.log(`control → provider request, ${CALLS} calls in progress, ${ROUNDS} rounds of hold + resume at ${RATE}/s, then one burst of all ${CALLS} at once (${errors} errors):`);
  for (const [name, values] of Object.entries({ hold: latency.hold, resume: latency.resume, paced: all, burst: latency.burst })) {
    console.log(`  ${name.padEnd(6)} ${summary(values)}${costs[name] ? `; ${costs[name]}` : ""}`);
  }

  // 2. Two servers, one hold each at the same moment, per call: one move per call reaches the provider.
  const fresh = await liveCalls(agents.slice(CALLS, CALLS * 2).map((x) => x.id));
  const answers = await Promise.all(fresh.flatMap((call) => [control(a, call, true), control(b, call, true)]));
  const moves = fresh.map((call) => fake.controls.filter((c) => c.call === call.agentLeg && c.kind === "call.update").length);
  const twice = moves.filter((n) => n > 1).length;
  const statuses = answers.reduce((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {});
  console.log(
    `two servers, ${CALLS} calls held from both at once: answers ${JSON.stringify(statuses)}; calls moved ` +
      `once ${moves.filter((n) => n === 1).length}, twice or more ${twice}, never ${moves.filter((n) => n === 0).length}`,
  );
  const {
    rows: [held],
  } = await db.query(`SELECT count(*)::int AS n FROM live_calls WHERE call_sid = ANY($1) AND state = 'held'`, [fresh.map((c) => c.customer)]);
  console.log(`  live calls held afterwards: ${held.n} of ${CALLS}`);

  // 3. Transfer latency: each call of (1), cold to a number, paced.
  for (const call of calls) call.conference = conferenceOf(call);
  const transfers = [];
  let transferErrors = 0;
  const { result: transferred, cost: transferCost } = await costOf(CALLS, () =>
    Promise.all(
      calls.map((call, i) =>
        new Promise((r) => setTimeout(r, (i * 1000) / RATE)).then(() =>
          post(a, `/api/calls/${call.customer}/transfer`, bearer.get(call.user), { target: { type: "number", number: `+1415555${String(1000 + i).padStart(4, "0")}` }, mode: "cold" }),
        ),
      ),
    ),
  );
  transferred.forEach((result, i) => {
    const at = reachedConference(calls[i], "participant.create", result.sent);
    if (result.status !== 200 || at === undefined) transferErrors += 1;
    else transfers.push(at - result.sent);
  });
  console.log(`transfer (cold, to a number) → the provider's dial, ${CALLS} calls at ${RATE}/s (${transferErrors} errors): ${summary(transfers)}; ${transferCost}`);

  // 4. Monitoring: a supervisor listens to each call of (2), then whispers.
  for (const call of fresh) call.conference = conferenceOf(call);
  const monitor = { listen: [], whisper: [] };
  let monitorErrors = 0;
  for (const mode of ["listen", "whisper"]) {
    const results = await Promise.all(fresh.map((call, i) => new Promise((r) => setTimeout(r, (i * 1000) / RATE)).then(() => post(a, `/api/calls/${call.customer}/monitor`, supervisor, { mode }))));
    results.forEach((result, i) => {
      const at = reachedConference(fresh[i], mode === "listen" ? "participant.create" : "participant.update", result.sent);
      if (result.status !== 200 || at === undefined) monitorErrors += 1;
      else monitor[mode].push(at - result.sent);
    });
  }
  console.log(`monitor → provider request, ${CALLS} calls at ${RATE}/s (${monitorErrors} errors): listen (a dial) ${summary(monitor.listen)}; whisper (an update) ${summary(monitor.whisper)}`);

  // 5. Two servers, the same warm transfer of each call at once: one dial per call.
  const before = fake.controls.length;
  const both = await Promise.all(
    fresh.flatMap((call, i) => {
      const body = { target: { type: "number", number: `+1415556${String(1000 + i).padStart(4, "0")}` }, mode: "warm" };
      return [post(a, `/api/calls/${call.customer}/transfer`, bearer.get(call.user), body), post(b, `/api/calls/${call.customer}/transfer`, bearer.get(call.user), body)];
    }),
  );
  const dials = fresh.map((call) => fake.controls.slice(before).filter((c) => c.kind === "participant.create" && c.conference === call.conference).length);
  const transferStatuses = both.reduce((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {});
  const doubled = dials.filter((n) => n > 1).length;
  console.log(
    `two servers, the same transfer of ${CALLS} calls from both at once: answers ${JSON.stringify(transferStatuses)}; ` +
      `transfers dialed once ${dials.filter((n) => n === 1).length}, twice or more ${doubled}, never ${dials.filter((n) => n === 0).length}`,
  );
  if (twice > 0 || errors > 0 || doubled > 0 || transferErrors > 0 || monitorErrors > 0) process.exitCode = 1;
} finally {
  await db.end();
  await Promise.all([a.stop(), b.stop()]);
  await fake.stop();
  await database.drop();
}
