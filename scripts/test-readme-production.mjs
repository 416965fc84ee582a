// The README's "Production" section, followed word for word from a fresh clone
// (issue 41, point 5). Each `###` part of the section is one test: its ```bash
// blocks run in order, as written, in one bash process in a clone of this
// checkout. What the README says in prose rather than in a command (an empty
// database, a server you stop) is an HTML comment the reader does not see:
//
//   <!-- readme-test: given_empty_database -->   DATABASE_URL names a new, empty PostgreSQL database
//   <!-- readme-test: stop_servers -->           the servers this part started stop (SIGTERM), as an operator stops them
//   <!-- readme-test: given_embedded_data -->    `npm start` has run on the embedded database (./.data, demo data) and stopped
//
// The functions behind them are in PRELUDE below; nothing else is added to the
// README's commands. Needs TEST_DATABASE_URL (a PostgreSQL server to create the
// databases on), psql and curl. Prints `readme: N passed, M failed` and writes
// a JSON report when READMETEST_REPORT names a file.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const PART_TIMEOUT_MS = 15 * 60_000;
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error("test-readme-production: set TEST_DATABASE_URL (a PostgreSQL server to create empty databases on)");
  process.exit(1);
}

/** The `###` parts of the README's `## Production` section: title, bash script, databases it asks for. */
function productionParts(readme) {
  const start = readme.search(/^## Production\s*$/m);
  if (start < 0) throw new Error("README.md has no '## Production' section");
  const rest = readme.slice(start + 1);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  const parts = [];
  for (const chunk of section.split(/^### /m).slice(1)) {
    const title = chunk.slice(0, chunk.indexOf("\n")).trim();
    const lines = [];
    const pattern = /```bash\n([\s\S]*?)```|<!-- readme-test: ([a-z_ ]+) -->/g;
    for (const match of chunk.matchAll(pattern)) lines.push(match[1] ?? match[2].trim());
    if (lines.length) parts.push({ title, script: lines.join("\n") });
  }
  return parts;
}

// Functions for the README's prose steps; `set -m` gives each background
// server its own process group, so stopping one stops npm and the node under it.
const PRELUDE = `set -eo pipefail
set -m
readme_databases=(\${READMETEST_DATABASES})
given_empty_database() { export DATABASE_URL="\${readme_databases[0]}"; readme_databases=("\${readme_databases[@]:1}"); }
given_embedded_data() {
  env -u DATABASE_URL npm start & local job=$!
  timeout 300 sh -c 'until curl -fsS http://localhost:3000/api/ready >/dev/null 2>&1; do sleep 1; done'
  kill -TERM -- "-$job"; wait "$job" || true
}
stop_servers() {
  for job in $(jobs -p); do kill -TERM -- "-$job" 2>/dev/null || true; done
  wait || true
}
trap 'stop_servers' EXIT
`;

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

async function createDatabases(count) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const names = [];
  try {
    for (let i = 0; i < count; i++) {
      const name = `cc_test_readme_${Date.now()}_${randomBytes(3).toString("hex")}`;
      await admin.query(`CREATE DATABASE "${name}"`);
      names.push(name);
    }
  } finally {
    await admin.end();
  }
  const urls = names.map((name) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString());
  return {
    urls,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      for (const name of names) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Any process still running in the clone (a part that timed out leaves its servers behind): killed. */
function killLeftovers(clone) {
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (readlinkSync(`/proc/${pid}/cwd`).startsWith(clone)) process.kill(Number(pid), "SIGKILL");
    } catch {
      // gone, or not ours to read
    }
  }
}

function runPart(part, cwd, databases) {
  const script = `${PRELUDE}\n${part.script}\n`;
  // A clean environment: what a new shell has, not this test run's variables.
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: "C.UTF-8", NEXT_TELEMETRY_DISABLED: "1", READMETEST_DATABASES: databases.join(" ") };
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("bash", ["-c", script], { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    const keep = (chunk) => {
      output = (output + chunk).slice(-40_000);
      process.stdout.write(chunk);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const timer = setTimeout(() => {
      output += `\n(timed out after ${PART_TIMEOUT_MS / 60_000} minutes)`;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }, PART_TIMEOUT_MS);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, code: code ?? signal, seconds: (Date.now() - started) / 1000, output });
    });
  });
}

async function main() {
  const parts = productionParts(readFileSync("README.md", "utf8"));
  if (!(await portIsFree(3000))) throw new Error("port 3000 is taken: the README's commands use it; stop what listens there");
  const root = mkdtempSync(path.join(tmpdir(), "cc-readme-"));
  const clone = path.join(root, "contact-center");
  const cloned = spawnSync("git", ["clone", "--quiet", process.cwd(), clone], { stdio: "inherit" });
  if (cloned.status !== 0) throw new Error("git clone of this checkout failed");
  // The clone gets this checkout's Next.js build cache, as a CI keeps `.next/cache`
  // between runs (Next.js's guide to CI build caching): the README's
  // `npm run build` still builds the clone's own sources, in 23 s instead of 74
  // on a quiet machine (a third of the CPU), 47 s instead of 72 beside the
  // browser suite (docs/decisions/024).
  if (existsSync(".next/cache")) cpSync(".next/cache", path.join(clone, ".next/cache"), { recursive: true });
  const results = [];
  try {
    for (const part of parts) {
      const wanted = part.script.match(/^given_empty_database$/gm)?.length ?? 0;
      const databases = await createDatabases(wanted);
      console.log(`\n--- README, Production: ${part.title} ---`);
      try {
        const result = await runPart(part, clone, databases.urls);
        results.push({ title: part.title, ...result });
        console.log(`--- ${result.ok ? "passed" : `FAILED (exit ${result.code})`} in ${result.seconds.toFixed(0)} s: ${part.title}`);
      } finally {
        killLeftovers(clone);
        await databases.drop();
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  if (process.env.READMETEST_REPORT)
    writeFileSync(process.env.READMETEST_REPORT, JSON.stringify({ passed, failed, parts: results.map((r) => ({ title: r.title, ok: r.ok, code: r.code, seconds: r.seconds })) }));
  console.log(`readme: ${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || parts.length === 0 ? 1 : 0);
}

await main();
