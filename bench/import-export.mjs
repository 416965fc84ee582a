// Benchmark: contact import and export (issue 5), on PostgreSQL.
//  1. A 10,000-row CSV (5% invalid, 5% duplicate rows) from upload to
//     `completed`, against loading the same valid rows with one plain SQL
//     batch insert (the ratio is printed). Target < 3 s and >= 1/3 the speed.
//  2. A 50 MB CSV upload: server memory growth (RSS) while it is received.
//     Target < 150 MB.
//  3. Export of 100,000 contacts to CSV: time and server memory. Target < 5 s, flat.
//
//   npm run build && node bench/import-export.mjs
import { readFileSync } from "node:fs";
import pg from "pg";
import { createTestDatabase, startServer } from "../e2e/support/server.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

function rssOf(pid) {
  // The server is `node scripts/server.mjs`: read its resident memory from /proc.
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

const database = await createTestDatabase(adminUrl);
const server = await startServer({ databaseUrl: database.url, label: "bench" });
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const json = async (path, init = {}) => (await fetch(`${server.baseUrl}${path}`, init)).json();
  const { token } = await json("/api/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "sales.manager@acme.example.com", password: "password" }),
  });
  const auth = { Authorization: `Bearer ${token}` };

  // 1. 10,000 rows: 500 invalid (bad phone), 500 duplicates (repeat an earlier row).
  // Each run uses its own phone range (area code 300 + run). One small import
  // first warms the server (JIT, connections, the job queue), then five runs
  // of each side; the medians are compared, and the cold first run is shown too.
  const csvFor = (area, rows) => {
    const lines = ["Name,Phone,Email,Company,Tags,Notes"];
    for (let i = 0; i < rows; i++) {
      if (i % 20 === 1) lines.push(`Bad ${i},12345,bad${i}@example.com,Co,,`);
      else if (i % 20 === 2) lines.push(`Dup ${i},+1${area}${String(i - 2).padStart(7, "0")},dup${i}@example.com,Co,,`);
      else lines.push(`Person ${i},+1${area}${String(i).padStart(7, "0")},p${i}@example.com,"Company, ${i % 50}",lead;import,"Note for ${i}"`);
    }
    return lines.join("\r\n");
  };
  // Upload → `completed`, timed by the job's own finished_at (same host clock),
  // so watching the job (every 100 ms) does not load the server it measures.
  const importOnce = async (csv) => {
    const form = new FormData();
    form.append("file", new Blob([csv]), "bench.csv");
    const t0 = Date.now();
    const started = await json("/api/contacts/import/csv", { method: "POST", headers: auth, body: form });
    let job;
    for (;;) {
      job = await json(`/api/imports/${started.import_id}`, { headers: auth });
      if (["completed", "failed", "awaiting_review"].includes(job.status)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return { ms: Date.parse(job.finished_at ?? new Date().toISOString()) - t0, job };
  };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

  const {
    rows: [org],
  } = await db.query(`SELECT organization_id, department_id FROM users WHERE email = 'sales.manager@acme.example.com'`);
  // The same rows the import stores (the CSV's valid rows, same values), in one statement.
  const sqlOnce = async (area) => {
    const valid = Array.from({ length: 10_000 }, (_, i) => i).filter((i) => i % 20 !== 1 && i % 20 !== 2);
    const s0 = performance.now();
    await db.query(
      `INSERT INTO contacts (organization_id, department_id, name, phone, email, company, tags, notes, updated_at)
       SELECT $1, $2, n, p, e, c, ARRAY['lead','import'], t, now() FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS u(n, p, e, c, t)`,
      [
        org.organization_id,
        org.department_id,
        valid.map((i) => `Person ${i}`),
        valid.map((i) => `+1${area}${String(i).padStart(7, "0")}`),
        valid.map((i) => `p${i}@example.com`),
        valid.map((i) => `Company, ${i % 50}`),
        valid.map((i) => `Note for ${i}`),
      ],
    );
    return performance.now() - s0;
  };

  const cold = await importOnce(csvFor(299, 500));
  const imports = [];
  for (const area of [301, 302, 303, 304, 307]) imports.push(await importOnce(csvFor(area, 10_000)));
  const sqls = [];
  for (const area of [401, 402, 403, 404, 407]) sqls.push(await sqlOnce(area));
  const importMs = median(imports.map((r) => r.ms));
  const sqlMs = median(sqls);
  const job = imports[imports.length - 1].job;
  const allCompleted = imports.every((r) => r.job.status === "completed" && r.job.totals.created === 9_000);
  console.log(`\nimport-export on PostgreSQL`);
  console.log(`warm-up: 500-row import ${(cold.ms / 1000).toFixed(2)} s (cold server)`);
  console.log(
    `import 10,000 rows, 5 runs: ${imports.map((r) => (r.ms / 1000).toFixed(2)).join(" / ")} s upload → ` +
      `${job.status}; median ${(importMs / 1000).toFixed(2)} s; totals ${JSON.stringify(job.totals)} ${importMs < 3000 && allCompleted ? "PASS" : "FAIL"}`,
  );
  console.log(
    `plain SQL batch insert of the 9000 valid rows, 5 runs: ${sqls.map((ms) => (ms / 1000).toFixed(2)).join(" / ")} s; import ` +
      `speed / SQL speed = ${(sqlMs / importMs).toFixed(3)} (target >= 0.333) ${sqlMs / importMs >= 1 / 3 ? "PASS" : "FAIL"}`,
  );

  // 2. 50 MB upload: memory of the server while receiving.
  const row = "Big Person,+13050000000,big@example.com,Big Company,tag1;tag2,Some notes about this contact that take up room\r\n";
  const big = Buffer.from("Name,Phone,Email,Company,Tags,Notes\r\n" + row.repeat(Math.floor((49.5 * 1024 * 1024) / row.length)));
  const before = rssOf(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 20);
  const bigForm = new FormData();
  bigForm.append("file", new Blob([big]), "big.csv");
  const b0 = performance.now();
  const bigResponse = await fetch(`${server.baseUrl}/api/contacts/import/csv`, { method: "POST", headers: auth, body: bigForm });
  const bigStarted = { ...(await bigResponse.json()), http: bigResponse.status };
  const uploadMs = performance.now() - b0;
  clearInterval(sampler);
  console.log(
    `50 MB upload (${(big.length / 1024 / 1024).toFixed(1)} MB): HTTP ${bigStarted.http} ${bigStarted.status ?? bigStarted.message} ` +
      `in ${(uploadMs / 1000).toFixed(2)} s; server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB (growth ` +
      `${(peak - before).toFixed(0)} MB) ${peak - before < 150 ? "PASS" : "FAIL"}`,
  );

  // 3. Export of 100,000 contacts.
  await db.query(
    `INSERT INTO contacts (organization_id, department_id, name, phone, email, company, tags, notes, updated_at)
     SELECT $1, $2, 'Export ' || g, '+1306' || lpad(g::text, 7, '0'), 'e' || g || '@example.com', 'Co ' || (g % 100), ARRAY['export'], 'note ' || g, now()
     FROM generate_series(1, 100000) g`,
    [org.organization_id, org.department_id],
  );
  const e0 = performance.now();
  const exportBefore = rssOf(server.pid);
  let exportPeak = exportBefore;
  const exportSampler = setInterval(() => (exportPeak = Math.max(exportPeak, rssOf(server.pid))), 20);
  const response = await fetch(`${server.baseUrl}/api/contacts/export?format=csv&tags=export`, { headers: auth });
  let bytes = 0;
  let rows = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) rows++;
  }
  clearInterval(exportSampler);
  const exportMs = performance.now() - e0;
  console.log(
    `export 100,000 contacts to CSV: ${(exportMs / 1000).toFixed(2)} s, ${(bytes / 1024 / 1024).toFixed(1)} ` +
      `MB, ${rows - 1} rows; server RSS ${exportBefore.toFixed(0)} → peak ${exportPeak.toFixed(0)} MB ${exportMs < 5000 && rows - 1 === 100000 ? "PASS" : "FAIL"}`,
  );
} finally {
  await db.end();
  await server.stop();
  await database.drop();
}
