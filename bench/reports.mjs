// Benchmark: reports (issue 8) on PostgreSQL.
// 1,000,000 call logs over 90 days in one organization (inbound, manual and
// campaign calls, tagged contacts); each report for a 30-day range through the
// API (p50/p95 of 20 requests after a warm-up) next to the best single SQL
// query for the same figures (p50), and the ratio. Targets: p95 < 300 ms and
// API ≤ 2× SQL.
//
//   npm run build && node bench/reports.mjs
import pg from "pg";
import { createTestDatabase, startServer } from "../e2e/support/server.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

const database = await createTestDatabase(adminUrl);
const db = new pg.Client({ connectionString: database.url });
const server = await startServer({ databaseUrl: database.url, label: "reports" });
await db.connect();
try {
  const {
    rows: [acme],
  } = await db.query(`SELECT o.id AS org, d.id AS dept FROM organizations o JOIN departments d ON d.organization_id = o.id WHERE o.name = 'Acme' AND d.name = 'Sales'`);
  const { rows: agents } = await db.query(`SELECT id FROM users WHERE organization_id = $1 AND role = 'agent'`, [acme.org]);
  const { rows: contacts } = await db.query(`SELECT id FROM contacts WHERE organization_id = $1 ORDER BY id LIMIT 300`, [acme.org]);
  const { rows: campaigns } = await db.query(
    `INSERT INTO campaigns (organization_id, department_id, name, status, updated_at) SELECT $1, $2, 'Bench campaign ' || g, 'completed', now() FROM generate_series(1, 5) g RETURNING id`,
    [acme.org, acme.dept],
  );
  const started = performance.now();
  await db.query(`SET synchronous_commit = off`);
  for (let done = 0; done < ROWS; done += 100_000) {
    await db.query(
      `INSERT INTO call_logs (organization_id, department_id, user_id, contact_id, direction, phone_number, call_sid, status, duration, wait_seconds, created_at, updated_at, campaign_id)
       SELECT $1, $2,
              CASE WHEN g % 7 = 0 THEN NULL ELSE ($3::int[])[1 + g % array_length($3::int[], 1)] END,
              ($4::bigint[])[1 + g % array_length($4::bigint[], 1)],
              (ARRAY['inbound', 'inbound', 'outbound-manual', 'outbound-campaign'])[1 + g % 4],
              '+1415555' || lpad((g % 10000)::text, 4, '0'),
              'CAbench' || g,
              CASE WHEN g % 7 = 0 THEN 'no-answer' WHEN g % 11 = 0 THEN 'busy' ELSE 'completed' END,
              (g * 37) % 900, (g * 13) % 120,
              now() - ((g % 90) || ' days')::interval - ((g % 86400) || ' seconds')::interval, now(),
              CASE WHEN g % 4 = 3 THEN ($7::int[])[1 + g % 5] END
       FROM generate_series($5::int, $6::int) AS g`,
      [acme.org, acme.dept, agents.map((a) => a.id), contacts.map((c) => c.id), done + 1, Math.min(ROWS, done + 100_000), campaigns.map((c) => c.id)],
    );
  }
  await db.query(`VACUUM ANALYZE call_logs`); // what autovacuum does after a bulk load: index-only scans need the visibility map
  console.log(`seeded ${ROWS.toLocaleString()} call logs in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const { token } = await (
    await fetch(`${server.baseUrl}/api/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "admin@acme.example.com", password: "password" }) })
  ).json();
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const range = `from=${from}&to=${to}&tz=UTC`;
  const where = `l.organization_id = ${acme.org} AND l.created_at >= '${from}'::date::timestamp AT TIME ZONE 'UTC' AND l.created_at < ('${to}'::date + 1)::timestamp AT TIME ZONE 'UTC'`;
  // The best single statement for each report's figures, run directly.
  const inbound =
    `count(*) FILTER (WHERE direction = 'inbound'), count(*) FILTER (WHERE direction = 'inbound' AND status = 'completed' AND ` +
    `user_id IS NOT NULL), count(*) FILTER (WHERE direction = 'inbound' AND user_id IS NULL)`;
  const aht = `avg(duration) FILTER (WHERE status = 'completed' AND user_id IS NOT NULL)`;
  const SQL = {
    summary: `SELECT count(*), ${inbound}, count(*) FILTER (WHERE direction = 'inbound' AND status = 'completed' AND user_id IS NOT NULL AND wait_seconds <= 20),
                     avg(wait_seconds) FILTER (WHERE direction = 'inbound'), percentile_cont(0.9) WITHIN GROUP (ORDER BY wait_seconds) FILTER (WHERE direction = 'inbound'), ${aht},
                     ${["inbound", "outbound-manual", "outbound-campaign"]
                       .flatMap((d) => ["completed", "no-answer", "busy", "failed"].map((st) => `count(*) FILTER (WHERE direction = '${d}' AND status = '${st}')`))
                       .join(", ")}
              FROM call_logs l WHERE ${where}`,
    agents: `SELECT user_id, count(*), sum(duration), avg(duration) FILTER (WHERE status = 'completed') FROM call_logs l WHERE ${where} AND user_id IS NOT NULL GROUP BY 1`,
    daily: `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*), ${inbound}, ${aht} FROM call_logs l WHERE ${where} GROUP BY 1`,
    hourly: `SELECT extract(hour FROM created_at AT TIME ZONE 'UTC'), count(*), ${inbound}, ${aht} FROM call_logs l WHERE ${where} GROUP BY 1`,
    campaigns:
      `SELECT campaign_id, count(*), count(*) FILTER (WHERE status = 'completed' AND user_id IS NOT NULL), sum(duration) FILTER ` +
      `(WHERE user_id IS NOT NULL), ${aht} FROM call_logs l WHERE ${where} AND campaign_id IS NOT NULL GROUP BY 1`,
    tags:
      `SELECT t, count(*), count(*) FILTER (WHERE l.status = 'completed' AND l.user_id IS NOT NULL), sum(l.duration) FILTER (WHERE ` +
      `l.user_id IS NOT NULL), avg(l.duration) FILTER (WHERE l.status = 'completed' AND l.user_id IS NOT NULL) FROM call_logs l ` +
      `JOIN contacts c ON c.id = l.contact_id CROSS JOIN unnest(c.tags) t WHERE ${where} GROUP BY 1`,
  };
  console.log(`\nreports on PostgreSQL, ${ROWS.toLocaleString()} call logs over 90 days, 30-day range`);
  console.log("report      API p50   API p95   SQL p50   API/SQL");
  for (const [report, sql] of Object.entries(SQL)) {
    const api = [];
    const direct = [];
    for (let i = 0; i < 23; i++) {
      let t = performance.now();
      const response = await fetch(`${server.baseUrl}/api/reports/${report}?${range}`, { headers: { Authorization: `Bearer ${token}` } });
      if (response.status !== 200) throw new Error(`${report}: ${response.status} ${await response.text()}`);
      await response.json();
      if (i >= 3) api.push(performance.now() - t);
      t = performance.now();
      await db.query(sql);
      if (i >= 3) direct.push(performance.now() - t);
    }
    const p95 = percentile(api, 95);
    const ratio = percentile(api, 50) / percentile(direct, 50);
    console.log(
      `${report.padEnd(10)} ${percentile(api, 50).toFixed(0).padStart(6)} ms ${p95.toFixed(0).padStart(6)} ` +
        `ms ${percentile(direct, 50).toFixed(0).padStart(6)} ms   ${ratio.toFixed(2)}  ${p95 < 300 ? "PASS" : "FAIL"} ` +
        `${ratio <= 2 ? "PASS" : "FAIL"}`,
    );
  }
} finally {
  await db.end();
  await server.stop();
  await database.drop();
}
