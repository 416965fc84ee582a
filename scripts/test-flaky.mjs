// `npm run test:flaky -- [--repeats N] [--stress K] [--db embedded|postgres] <files…>`:
// hunts flaky tests (issue 60, point 3). Each chosen file runs N times, one run
// at a time, while K processes keep the cores busy (a load generator: a busy
// loop each), as a loaded CI machine would. Every failure is reported with
// the run's seed (Vitest's --sequence.seed, Playwright's repeat index), the
// first lines of its error and the path of its whole log; Playwright runs keep
// a trace of each failure (PLAYWRIGHT_TRACE=1). Nothing is retried: a failure
// here is a race to find in the product or the test, not a number to lower.
// Runs on the current build (`npm run build` first). Exits 1 when anything failed.
//
//   npm run build
//   npm run test:flaky -- --repeats 20 --stress 2 e2e/api/offers.test.ts e2e/browser/offers.spec.ts
import { spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return value;
};
const repeats = Number(option("repeats", 20));
const stress = Number(option("stress", 2));
const db = option("db", "embedded");
const files = args;
if (!files.length || !Number.isInteger(repeats) || repeats < 1 || !Number.isInteger(stress) || stress < 0) {
  console.error("usage: npm run test:flaky -- [--repeats N] [--stress K] [--db embedded|postgres] <test files…>");
  process.exit(2);
}
if (db === "postgres" && !process.env.TEST_DATABASE_URL) {
  console.error("--db postgres needs TEST_DATABASE_URL");
  process.exit(2);
}

// Not under test-results/: Playwright empties that folder when any browser run starts (one did, mid-hunt).
const logs = path.resolve(".test-data", "flaky");
mkdirSync(logs, { recursive: true });

// The load: each worker spins until told to stop, so the tests share the cores as on a busy machine.
const spinners = Array.from(
  { length: stress },
  () => new Worker("const s = new Int32Array(new SharedArrayBuffer(4)); for (;;) { for (let i = 0; i < 1e7; i++) Atomics.add(s, 0, 1); }", { eval: true }),
);

/** One run of one file: its status, the seed it ran with and where its output is. */
function runOnce(file, repeat) {
  const browser = file.endsWith(".spec.ts");
  const seed = randomInt(1, 2 ** 31 - 1);
  const log = path.join(logs, `${path.basename(file)}.${repeat}.log`);
  const [command, commandArgs, env] = browser
    ? ["node_modules/@playwright/test/cli.js", ["test", file, "--reporter=line", "--workers=1", `--output=${path.join(logs, `${path.basename(file)}.${repeat}`)}`], { PLAYWRIGHT_TRACE: "1" }]
    : ["node_modules/vitest/vitest.mjs", ["run", "--config", "vitest.api.config.ts", file, "--sequence.shuffle", `--sequence.seed=${seed}`], { TEST_DB: db }];
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    const child = spawn(process.execPath, [command, ...commandArgs], { env: { ...process.env, ...env, FORCE_COLOR: "0" }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on("close", (status) => out.end(() => resolve({ file, repeat, seed: browser ? `repeat ${repeat}` : seed, status: status ?? 1, log })));
  });
}

/** The first lines that say why a run failed, from its log. */
function why(log) {
  const lines = readFileSync(log, "utf8")
    .split("\n")
    .map((line) => line.trim());
  const first = lines.findIndex((line) => /(FAIL|Error|✘|×|expected)/.test(line));
  return first < 0
    ? "(see the log)"
    : lines
        .slice(first, first + 4)
        .filter(Boolean)
        .join(" | ")
        .slice(0, 400);
}

const started = performance.now();
const table = [];
try {
  for (const file of files) {
    const failures = [];
    for (let repeat = 1; repeat <= repeats; repeat += 1) {
      const result = await runOnce(file, repeat);
      if (result.status !== 0) {
        failures.push(result);
        console.log(`✗ ${file} #${repeat} (seed ${result.seed}): ${why(result.log)}\n    log: ${path.relative(process.cwd(), result.log)}`);
      } else console.log(`✓ ${file} #${repeat}`);
    }
    table.push({ file, repeats, failures });
  }
} finally {
  await Promise.all(spinners.map((spinner) => spinner.terminate()));
}

console.log(`\nflake hunt: ${repeats} repeats per file, ${stress} busy processes beside, ${((performance.now() - started) / 1000).toFixed(0)} s`);
console.log("file                                              repeats  failed");
for (const row of table) console.log(`${row.file.padEnd(50)} ${String(row.repeats).padStart(7)}  ${String(row.failures.length).padStart(6)}`);
for (const row of table)
  for (const failure of row.failures)
    console.log(`  ${row.file} #${failure.repeat}: rerun with ${failure.file.endsWith(".spec.ts") ? "the trace in its output folder" : `--sequence.shuffle --sequence.seed=${failure.seed}`}`);
process.exit(table.some((row) => row.failures.length) ? 1 : 0);
