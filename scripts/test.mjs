// `npm test`: every suite, then one line `tests: N passed, M failed`.
//   unit          Vitest, pure logic next to the code
//   api-embedded  API tests against the real server on the embedded database
//   api-postgres  the same API tests plus the two-process suite on PostgreSQL,
//                 when TEST_DATABASE_URL is set (a fresh database is created and dropped)
//   browser       Playwright with the system's Chromium
//   readme        the README's Production section, followed word for word in a
//                 fresh clone (scripts/test-readme-production.mjs; one test per
//                 part), when TEST_DATABASE_URL is set
// One production build serves every suite (built first unless TEST_REBUILD=0
// and one exists). The unit suite runs while the embedded template is made;
// the API suites one after the other; then the browser and README suites side
// by side (docs/decisions/024). Each
// suite's output is printed whole when it ends; the table gives each suite's
// counts and wall time. Exits non-zero when any test fails or a suite cannot run.
import { spawn, spawnSync } from "node:child_process";
import { accessSync, constants, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CHROMIUM_CANDIDATES, chromiumPath } from "../e2e/support/chromium.mjs";
import { embeddedTemplate } from "../e2e/support/server.mjs";
import { machineFactor } from "./machine-speed.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";
// Scratch in memory where the machine has a tmpfs: the embedded servers' data
// folders (1,400 files each, copied from the template), the browser's profiles,
// the README's clone. On this machine's disk a file's creation costs the
// kernel about half a millisecond: a template copy took 1.4 CPU-seconds there
// and 0.06 in /dev/shm, and the embedded suite spent 28 CPU-seconds less
// (issue 60). Only with room for it (the README's clone alone takes about
// 1 GB; a container's /dev/shm is often 64 MB). TMPDIR set by the caller wins.
if (!process.env.TMPDIR && isWritableDir("/dev/shm", 4 * 1024 ** 3)) process.env.TMPDIR = "/dev/shm";
const reports = mkdtempSync(path.join(tmpdir(), "cc-reports-"));
const started = performance.now();
const seconds = (from) => (performance.now() - from) / 1000;
const postgres = Boolean(process.env.TEST_DATABASE_URL);

/** Runs a command with its output in a log file; resolves to its exit status and the log. */
function run(name, command, args, env = {}) {
  const log = path.join(reports, `${name}.log`);
  const out = createWriteStream(log);
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on("close", (status) => out.end(() => resolve({ status: status ?? 1, log })));
  });
}

/** A folder this process may write in, with at least `room` bytes free. */
function isWritableDir(dir, room) {
  try {
    accessSync(dir, constants.W_OK);
    const { bavail, bsize } = statfsSync(dir);
    return statSync(dir).isDirectory() && bavail * bsize >= room;
  } catch {
    return false;
  }
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

// Each suite: how to run it, and how to read passed/failed from its report.
// A suite that crashed before reporting counts as one failure, never as zero.
const SUITES = {
  unit: {
    run: (report) => ["node_modules/vitest/vitest.mjs", ["run", "--config", "vitest.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], {}],
    count: vitestCounts,
    failures: vitestFailures,
    timings: vitestTimings,
  },
  "api-embedded": {
    run: (report) => vitestApi(report, "embedded"),
    count: vitestCounts,
    failures: vitestFailures,
    timings: vitestTimings,
  },
  "api-postgres": {
    when: postgres,
    run: (report) => vitestApi(report, "postgres"),
    count: vitestCounts,
    failures: vitestFailures,
    timings: vitestTimings,
  },
  browser: {
    before: ensureChromium,
    run: (report) => ["node_modules/@playwright/test/cli.js", ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: report }],
    count(report, status) {
      const stats = report?.stats;
      if (!stats) return { passed: 0, failed: 1 };
      return { passed: stats.expected + stats.flaky, failed: stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0) };
    },
    failures: playwrightFailures,
    timings: playwrightTimings,
  },
  readme: {
    when: postgres,
    run: (report) => ["scripts/test-readme-production.mjs", [], { READMETEST_REPORT: report }],
    count: (report, status) => (report ? { passed: report.passed, failed: report.failed + (status !== 0 && report.failed === 0 ? 1 : 0) } : { passed: 0, failed: 1 }),
    failures: (report) => (report?.parts ?? []).filter((part) => !part.ok).map((part) => `README, Production: ${part.title} (exit ${part.code})`),
  },
};

/**
 * Each suite's wall time on a quiet 2-core machine with about a quarter of
 * room (fresh-clone gates of 2026-11-30 on the reference machine: unit 13-14 s,
 * embedded 183-191, PostgreSQL 158-166, browser 282-307, README 204-230),
 * printed beside its time: a suite over it is named, so the one that grew is
 * known before the gate's tripwire (.ci/run) is reached. Lowered as the suites
 * get faster (docs/decisions/024). Multiplied by this machine's speed factor
 * (scripts/machine-speed.mjs; MACHINE_FACTOR when .ci/run measured it first,
 * before anything else ran), so a slower machine is not read as a suite that grew.
 */
const MACHINE_FACTOR = Number(process.env.MACHINE_FACTOR) || (await machineFactor());
const BUDGET_SECONDS = Object.fromEntries(
  Object.entries({ unit: 20, "api-embedded": 240, "api-postgres": 210, browser: 380, readme: 300 }).map(([name, seconds]) => [name, Math.round(seconds * MACHINE_FACTOR)]),
);

function vitestApi(report, db) {
  // The whole embedded suite on two servers, its files spread over them (e2e/support/global-setup.mjs):
  // one embedded database answers on one thread, and one server for five files at a time was the
  // suite's limit (297 s at 84 % busy with one, 266 s at 97 % with two; issue 60).
  const servers = db === "embedded" ? { TEST_EMBEDDED_SERVERS: process.env.TEST_EMBEDDED_SERVERS ?? "2" } : {};
  return ["node_modules/vitest/vitest.mjs", ["run", "--config", "vitest.api.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], { TEST_DB: db, ...servers }];
}

function vitestCounts(report, status) {
  if (!report) return { passed: 0, failed: 1 };
  return { passed: report.numPassedTests, failed: report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0) };
}

/** Failed tests as `file › name`: repeated under the table, so the end of a long log names them. */
function vitestFailures(report) {
  return (report?.testResults ?? []).flatMap((file) => {
    const name = path.relative(process.cwd(), file.name);
    const tests = file.assertionResults.filter((test) => test.status === "failed").map((test) => `${name} › ${test.fullName}${why(test.failureMessages?.[0])}`);
    // A file that failed outside its tests (an import, a beforeAll) names itself.
    return tests.length || file.status !== "failed" ? tests : [`${name} (${String(file.message ?? "failed").split("\n")[0]})`];
  });
}

/**
 * The first lines of a failure's message, under its name: the end of the log is
 * often all a reader of CI sees, and a name alone does not say why a test that
 * passes alone failed in the gate.
 */
function why(message) {
  if (!message) return "";
  const plain = String(message).replace(/\u001b\[[0-9;]*m/g, "");
  const lines = plain
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("at "))
    .slice(0, 4);
  return lines.length ? `\n      ${lines.join("\n      ").slice(0, 2000)}` : "";
}

/** Each test's own time, `file › name` → seconds: the slowest are named at the end, so a test that grew is seen. */
function vitestTimings(report) {
  return (report?.testResults ?? []).flatMap((file) =>
    file.assertionResults.map((test) => ({ test: `${path.relative(process.cwd(), file.name)} › ${test.fullName}`, seconds: (test.duration ?? 0) / 1000 })),
  );
}

function playwrightTimings(report) {
  const timings = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) timings.push({ test: `${spec.file} › ${spec.title}`, seconds: Math.max(0, ...test.results.map((r) => r.duration ?? 0)) / 1000 });
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return timings;
}

function playwrightFailures(report) {
  const failed = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const unexpected = spec.tests.find((test) => test.status === "unexpected");
      if (unexpected) failed.push(`${spec.file}:${spec.line} › ${spec.title}${why(unexpected.results?.at(-1)?.error?.message)}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return failed;
}

/**
 * Playwright cannot download its browser here; it drives Debian's Chromium
 * (e2e/support/chromium.mjs). Installed on the fly when we may (root with
 * apt-get), as .ci/run does.
 */
function ensureChromium() {
  if (chromiumPath() && existsSync(chromiumPath())) return true;
  if (!process.env.CHROMIUM_PATH && process.getuid?.() === 0 && spawnSync("which", ["apt-get"]).status === 0) {
    console.log("Installing Debian's chromium-headless-shell for the browser tests...");
    spawnSync("apt-get", ["install", "-y", "chromium-headless-shell"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  }
  if (chromiumPath() && existsSync(chromiumPath())) return true;
  console.error(`Browser tests need Chromium (${process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.join(" or ")}): run 'sudo apt-get install -y chromium-headless-shell' (or set CHROMIUM_PATH).`);
  return false;
}

const results = [];

// TEST_SUITES=unit,api-embedded runs only those (the quick loop: README, "Testing while you work").
const chosen = process.env.TEST_SUITES ? new Set(process.env.TEST_SUITES.split(",").map((name) => name.trim())) : null;
for (const name of chosen ?? []) if (!SUITES[name]) throw new Error(`TEST_SUITES: no suite ${name} (${Object.keys(SUITES).join(", ")})`);

async function runSuite(name) {
  const suite = SUITES[name];
  if (suite.when === false || (chosen && !chosen.has(name))) return;
  const from = performance.now();
  console.log(`--- ${name}: started at ${seconds(started).toFixed(0)} s`);
  if (suite.before && !suite.before()) return results.push({ name, passed: 0, failed: 1, seconds: 0, failures: ["could not prepare the suite"] });
  const report = path.join(reports, `${name}.json`);
  const serverLogs = path.join(reports, `${name}-servers`);
  mkdirSync(serverLogs);
  const [script, args, env] = suite.run(report);
  const { status, log } = await run(name, process.execPath, [script, ...args], { ...env, TEST_SERVER_LOG_DIR: serverLogs });
  const json = readJson(report);
  const counts = suite.count(json, status);
  const wall = seconds(from);
  const failures = suite.failures(json);
  // A failure no test carries (a crash before the report, a global teardown that threw) is named too.
  if (counts.failed > failures.length) failures.push(`the suite failed outside its tests (exit ${status}${json ? "" : ", no report"}): see its log above`);
  results.push({ name, ...counts, seconds: wall, failures, timings: suite.timings?.(json) ?? [] });
  console.log(`\n=== ${name}: ${counts.passed} passed, ${counts.failed} failed in ${wall.toFixed(0)} s ===`);
  process.stdout.write(readFileSync(log, "utf8"));
  if (counts.failed > 0) printServerTrouble(serverLogs);
  console.log(`=== end of ${name} ===\n`);
}

/**
 * A failed suite's servers' warnings and errors (their last 80), each line
 * named by its server's log. Slow queries are only counted: a loaded run
 * writes hundreds, and they would hide the one line that says what failed.
 */
function printServerTrouble(dir) {
  let slow = 0;
  const lines = readdirSync(dir).flatMap((file) =>
    readFileSync(path.join(dir, file), "utf8")
      .split("\n")
      .filter((line) => /"level":"(warn|error)"/.test(line) || /^\s*(Error|TypeError|Unhandled)/.test(line))
      .filter((line) => !(line.includes('"message":"slow query"') && ++slow))
      .map((line) => ({ file, line, time: /"time":"([^"]+)"/.exec(line)?.[1] ?? "" })),
  );
  lines.sort((a, b) => a.time.localeCompare(b.time));
  console.log(`--- the servers' warnings and errors (${lines.length}, the last 80; and ${slow} slow queries):`);
  for (const { file, line } of lines.slice(-80)) console.log(`[${file}] ${line.slice(0, 600)}`);
}

async function lane(names) {
  for (const name of names) await runSuite(name);
}

// Tests run the production build; build unless told the current one is fresh.
if (!existsSync(".next/BUILD_ID") || process.env.TEST_REBUILD !== "0") {
  console.log("=== build ===");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) {
    console.log("\ntests: 0 passed, 1 failed");
    process.exit(1);
  }
  console.log(`build: ${seconds(started).toFixed(0)} s`);
}

const oneLane = process.env.TEST_LANES === "1"; // one suite at a time (a machine with one core)
// The unit tests need no server: they run while the embedded template is made,
// which leaves a core mostly idle (two servers waiting on their files).
const unit = oneLane ? Promise.resolve() : lane(["unit"]);
// The embedded database every embedded test server starts from (e2e/support/server.mjs).
const template = await embeddedTemplate();
console.log(`embedded template ready at ${seconds(started).toFixed(0)} s`);
try {
  if (oneLane) await lane(["unit", "api-embedded", "api-postgres", "readme", "browser"]);
  else {
    // The API suites keep both cores busy on their own (five files at a time):
    // run beside anything else they starve their servers, and tests that
    // time an answer fail. The browser and the README's clone share the end.
    await unit;
    await lane(["api-embedded", "api-postgres"]);
    await Promise.all([lane(["browser"]), lane(["readme"])]);
  }
} finally {
  template.remove();
}

rmSync(reports, { recursive: true, force: true });
const order = Object.keys(SUITES);
results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
console.log("\nsuite            passed  failed  seconds  budget");
for (const r of results) {
  const budget = BUDGET_SECONDS[r.name];
  console.log(
    `${r.name.padEnd(16)} ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${r.seconds.toFixed(0).padStart(7)} ` +
      ` ${String(budget ?? "").padStart(6)}${budget && r.seconds > budget ? "  over" : ""}`,
  );
}
console.log(`${"all (wall)".padEnd(16)} ${"".padStart(6)}  ${"".padStart(6)}  ${seconds(started).toFixed(0).padStart(7)}`);
console.log(`budgets: the reference machine's times 1.00 × ${MACHINE_FACTOR.toFixed(2)}, this machine's speed factor (scripts/machine-speed.mjs)`);
// A line .ci/run repeats when the whole gate passes its tripwire: which suites grew.
const over = results.filter((r) => BUDGET_SECONDS[r.name] && r.seconds > BUDGET_SECONDS[r.name]);
if (over.length) console.log(`suites over budget: ${over.map((r) => `${r.name} ${r.seconds.toFixed(0)} s > ${BUDGET_SECONDS[r.name]} s`).join(", ")}`);
const slowest = results
  .flatMap((r) => (r.timings ?? []).map((t) => ({ ...t, suite: r.name })))
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 10);
if (slowest.length) console.log(`\nslowest tests:\n${slowest.map((t) => `  ${t.seconds.toFixed(1).padStart(6)} s  ${t.suite}: ${t.test}`).join("\n")}`);
const failures = results.flatMap((r) => r.failures.map((test) => `  ${r.name}: ${test}`));
if (failures.length) console.log(`failed:\n${failures.join("\n")}`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
