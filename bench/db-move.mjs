// Benchmark: npm run db:move (issue 41, point 2) on the demo data plus
// BENCH_CONTACTS contacts (default 100,000). The embedded server loads the
// demo data and stops; the contacts are added straight into its data folder
// (one INSERT … SELECT, in batches: the import pipeline would take minutes
// and measure itself, not the move); then the move into a fresh PostgreSQL
// database is timed, the command start to end. Last, npm run backup of that
// folder through a server running on it, with the longest a request (GET
// /api/user, ten a second) waited meanwhile: the copy is taken between
// transactions, and requests wait while it is written.
//
//   npm run build && npm run bench:db-move     (BENCH_CONTACTS=100000, TEST_DATABASE_URL)
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { createTestDatabase, startServer } from "../e2e/support/server.mjs";

// The embedded database as an installation runs it (its WebAssembly optimised), not as the test servers do.
process.env.SERVER_NODE_ARGS ??= "";

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const ADMIN_URL = process.env.TEST_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const folder = mkdtempSync(path.join(tmpdir(), "cc-bench-move-"));
// The server's keys, given to the move as an operator's environment would.
const SECRETS = { ENCRYPTION_KEY: randomBytes(32).toString("base64"), NEXTAUTH_SECRET: randomBytes(32).toString("base64url") };

function move(url) {
  const started = performance.now();
  const run = spawnSync("npm", ["run", "--silent", "db:move", "--", "--to", url, "--data-dir", folder], { encoding: "utf8", env: { ...process.env, ...SECRETS, DATABASE_URL: "", DATA_DIR: "" } });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`db:move exited ${run.status}:\n${run.stdout}\n${run.stderr}`);
  return { seconds, summary: [/^Moved .*$/m.exec(run.stdout)?.[0], ...[...run.stdout.matchAll(/^ {2}\S+: .*$/gm)].map((match) => match[0])].join("\n") };
}

async function backupWhileServing() {
  const server = await startServer({ dataDir: folder, label: "bench-backup", env: { ...SECRETS, SEED_DEMO_DATA: "never" } });
  try {
    const login = await fetch(`${server.baseUrl}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "admin@acme.example.com", password: "password" }),
    });
    const { token } = await login.json();
    const waits = [];
    let running = true;
    const pending = [];
    const ticking = (async () => {
      while (running) {
        const sent = performance.now();
        pending.push(fetch(`${server.baseUrl}/api/user`, { headers: { Authorization: `Bearer ${token}` } }).then(() => waits.push(performance.now() - sent)));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const started = performance.now();
    const out = path.join(folder, "bench-backup.tar.gz");
    // Not spawnSync: the requests are sent from this process's event loop meanwhile.
    const run = await new Promise((resolve) => {
      const child = spawn("npm", ["run", "--silent", "backup", "--", "--data-dir", folder, "--out", out], { env: { ...process.env, DATABASE_URL: "", DATA_DIR: "" } });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("close", (status) => resolve({ status, stdout: output, stderr: "" }));
    });
    const seconds = (performance.now() - started) / 1000;
    running = false;
    await ticking;
    await Promise.all(pending);
    if (run.status !== 0) throw new Error(`backup exited ${run.status}:\n${run.stdout}\n${run.stderr}`);
    console.log(
      `backup through the running server: ${seconds.toFixed(1)} s, ${(statSync(out).size / 1e6).toFixed(1)} ` +
        `MB; requests meanwhile: ${waits.length}, longest wait ${Math.max(...waits).toFixed(0)} ms, ${waits.filter((ms) => ms > 1000).length} over 1 s`,
    );
  } finally {
    await server.stop();
  }
}

try {
  const server = await startServer({ dataDir: folder, label: "bench-db-move", env: SECRETS });
  await server.stop();
  const demo = await createTestDatabase(ADMIN_URL);
  try {
    const { seconds, summary } = move(demo.url);
    console.log(`demo data: ${seconds.toFixed(1)} s  (${summary})`);
  } finally {
    await demo.drop();
  }

  const db = new PGlite(path.join(folder, "pglite"), { extensions: { pg_trgm } });
  const started = performance.now();
  for (let from = 0; from < CONTACTS; from += 20_000) {
    const to = Math.min(CONTACTS, from + 20_000) - 1;
    await db.query(
      `INSERT INTO contacts (organization_id, department_id, name, phone, email, company, tags, notes, updated_at)
       SELECT d.organization_id, d.id, 'Bench Person ' || i, '+1303' || lpad(i::text, 7, '0'), 'bench' || i || '@example.com',
              'Company ' || (i % 50), ARRAY['lead', 'bench'], 'A note for ' || i, now()
         FROM generate_series(${from}, ${to}) AS i, (SELECT id, organization_id FROM departments ORDER BY id LIMIT 1) AS d`,
    );
  }
  await db.close();
  console.log(`added ${CONTACTS} contacts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const large = await createTestDatabase(ADMIN_URL);
  try {
    const { seconds, summary } = move(large.url);
    console.log(`demo data + ${CONTACTS} contacts: ${seconds.toFixed(1)} s  (${summary})`);
  } finally {
    await large.drop();
  }
  await backupWhileServing();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
