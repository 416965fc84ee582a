// `npm test`: every suite, then one line `tests: N passed, M failed`.
//   1. unit tests (Vitest)
//   2. API tests against the real server on the embedded database
//   3. the same API tests plus the two-process suite on PostgreSQL, when
//      TEST_DATABASE_URL is set (a fresh database is created and dropped)
//   4. browser tests (Playwright with the system's Chromium)
//   5. the README's Production section, followed word for word in a fresh clone
//      (scripts/test-readme-production.mjs; one test per part), when
//      TEST_DATABASE_URL is set
// Exits non-zero when any test fails or a suite cannot run.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const reports = mkdtempSync(path.join(tmpdir(), "cc-reports-"));
const results = [];

function run(command, args, env = {}) {
  return spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
}

function vitestSuite(name, config, env = {}) {
  const output = path.join(reports, `${name}.json`);
  console.log(`\n=== ${name} ===`);
  const status = run(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--config", config, "--reporter=default", "--reporter=json", `--outputFile.json=${output}`], env);
  const report = existsSync(output) ? JSON.parse(readFileSync(output, "utf8")) : null;
  const passed = report?.numPassedTests ?? 0;
  // A suite that crashed before reporting counts as one failure, never as zero.
  const failed = report ? report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0) : 1;
  results.push({ name, passed, failed });
}

/**
 * Playwright cannot download its browser here; it drives Debian's Chromium.
 * Installed on the fly when we may (root with apt-get), as .ci/run does.
 */
function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(chromium)) return true;
  if (process.getuid?.() === 0 && spawnSync("which", ["apt-get"]).status === 0) {
    console.log("Installing Debian's chromium for the browser tests...");
    run("apt-get", ["install", "-y", "chromium"], { DEBIAN_FRONTEND: "noninteractive" });
  }
  if (existsSync(chromium)) return true;
  console.error(`Browser tests need Chromium at ${chromium}: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH).`);
  return false;
}

function playwrightSuite(name) {
  const output = path.join(reports, `${name}.json`);
  console.log(`\n=== ${name} ===`);
  if (!ensureChromium()) return results.push({ name, passed: 0, failed: 1 });
  const status = run(process.execPath, ["node_modules/@playwright/test/cli.js", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: output });
  const report = existsSync(output) ? JSON.parse(readFileSync(output, "utf8")) : null;
  const stats = report?.stats;
  const passed = stats ? stats.expected + stats.flaky : 0;
  const failed = stats ? stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0) : 1;
  results.push({ name, passed, failed });
}

function readmeSuite(name) {
  const output = path.join(reports, `${name}.json`);
  console.log(`\n=== ${name} ===`);
  const status = run(process.execPath, ["scripts/test-readme-production.mjs"], { READMETEST_REPORT: output });
  const report = existsSync(output) ? JSON.parse(readFileSync(output, "utf8")) : null;
  const failed = report ? report.failed + (status !== 0 && report.failed === 0 ? 1 : 0) : 1;
  results.push({ name, passed: report?.passed ?? 0, failed });
}

// Tests run the production build; build unless told the current one is fresh.
if (!existsSync(".next/BUILD_ID") || process.env.TEST_REBUILD !== "0") {
  console.log("=== build ===");
  if (run("npm", ["run", "build"]) !== 0) {
    console.log("\ntests: 0 passed, 1 failed");
    process.exit(1);
  }
}

vitestSuite("unit", "vitest.config.ts");
vitestSuite("api-embedded", "vitest.api.config.ts", { TEST_DB: "embedded" });
if (process.env.TEST_DATABASE_URL) vitestSuite("api-postgres", "vitest.api.config.ts", { TEST_DB: "postgres" });
playwrightSuite("browser");
if (process.env.TEST_DATABASE_URL) readmeSuite("readme");

rmSync(reports, { recursive: true, force: true });
console.log("\nsuite            passed  failed");
for (const r of results) console.log(`${r.name.padEnd(16)} ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
