// `npm run test:clock -- [files…]`: the API tests that deal in days and hours,
// run at the two moments where a date taken on the wrong clock shows (issue 60,
// point 2): 00:30 UTC, when UTC has a new day and the organization not yet,
// and 23:30 on the organization's own clock, when it is still the old day
// there and UTC has moved on. Every test tenant is on America/New_York
// (TEST_ORG_TIME_ZONE, e2e/support/factories.ts). The clock is faked for the
// whole run with libfaketime (Debian's `faketime`, installed here when
// missing): the tests, the servers and the embedded database they run on all
// read the same false time, which then advances as a real one does.
// Runs on the current build (`npm run build` first). Exits 1 when a test failed.
import { spawn, spawnSync } from "node:child_process";

const ZONE = "America/New_York";
// Winter instants: New York is UTC-5.
const MOMENTS = [
  { name: "00:30 UTC (19:30 the day before in New York)", utc: "2026-11-29 00:30:00" },
  { name: "23:30 in New York (04:30 UTC the next day)", utc: "2026-11-30 04:30:00" },
];
// The files whose tests take or compare days, hours or ages.
const DATE_FILES = [
  "e2e/api/reports.test.ts",
  "e2e/api/disposition-report.test.ts",
  "e2e/api/wallboard-agrees.test.ts",
  "e2e/api/scheduled-callbacks.test.ts",
  "e2e/api/callbacks.test.ts",
  "e2e/api/call-timing.test.ts",
  "e2e/api/messages.test.ts",
  "e2e/api/campaigns.test.ts",
  "e2e/api/campaign-outcomes.test.ts",
  "e2e/api/routing.test.ts",
  "e2e/api/telephony.test.ts",
  "e2e/api/contacts.test.ts",
  "e2e/api/contact-timeline.test.ts",
  "e2e/api/export.test.ts",
  "e2e/api/recordings.test.ts",
  "e2e/api/personal-data.test.ts",
];

function ensureFaketime() {
  if (spawnSync("faketime", ["--version"]).status === 0) return;
  if (process.getuid?.() !== 0) throw new Error("test:clock needs Debian's faketime: apt-get install faketime");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (spawnSync("apt-get", ["install", "-y", "faketime"], { stdio: "ignore", env }).status !== 0) {
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    if (spawnSync("apt-get", ["install", "-y", "faketime"], { stdio: "inherit", env }).status !== 0) throw new Error("could not install faketime");
  }
}

function runAt(moment, files) {
  console.log(`\n--- clock: ${moment.name} ---`);
  return new Promise((resolve) => {
    // TZ=UTC for faketime to read the instant as UTC; the processes' own zone stays UTC, as on a server.
    // The monotonic clock is left alone: timers and timeouts keep their real lengths.
    const child = spawn("faketime", ["-f", `@${moment.utc}`, process.execPath, "node_modules/vitest/vitest.mjs", "run", "--config", "vitest.api.config.ts", ...files], {
      env: { ...process.env, TZ: "UTC", FAKETIME_DONT_FAKE_MONOTONIC: "1", TEST_DB: "embedded", TEST_ORG_TIME_ZONE: ZONE },
      stdio: "inherit",
    });
    child.on("close", (status) => resolve(status ?? 1));
  });
}

ensureFaketime();
const files = process.argv.slice(2).length ? process.argv.slice(2) : DATE_FILES;
const results = [];
for (const moment of MOMENTS) results.push({ moment: moment.name, status: await runAt(moment, files) });
console.log("\nclock runs:");
for (const { moment, status } of results) console.log(`  ${status === 0 ? "passed" : "FAILED"}  ${moment}`);
process.exit(results.every((r) => r.status === 0) ? 0 : 1);
