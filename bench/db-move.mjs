// Benchmark: npm run db:move (issue 41, point 2) on the demo data plus
// BENCH_CONTACTS contacts (default 100,000). The embedded server loads the
// demo data and stops; the contacts are added straight into its data folder
// (one INSERT … SELECT, in batches: the import pipeline would take minutes
// and measure itself, not the move); then the move into a fresh PostgreSQL
// database is timed, the command start to end.
//
//   npm run build && npm run bench:db-move     (BENCH_CONTACTS=100000, TEST_DATABASE_URL)
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { createTestDatabase, startServer } from "../e2e/support/server.mjs";

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
} finally {
  rmSync(folder, { recursive: true, force: true });
}
