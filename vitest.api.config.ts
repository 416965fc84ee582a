import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// API tests: real HTTP against the real production server (see
// e2e/support/global-setup.mjs). TEST_DB=postgres adds the suites that need two
// servers on one PostgreSQL database.
const postgres = process.env.TEST_DB === "postgres";

// Files that test the embedded database (or the move from it) on servers of
// their own whatever TEST_DB says: run in the PostgreSQL suite too, they ran
// the same tests a second time, on the same kind of database (17 tests, a
// fifth of that suite's time; issue 42). They run in the embedded suite, as
// does the test of the server as a process.
const EMBEDDED_ONLY = ["e2e/api/embedded-database.test.ts", "e2e/api/backup-restore.test.ts", "e2e/api/setup-cli.test.ts", "e2e/api/move-to-postgres.test.ts", "e2e/api/server-process.test.ts"];

// The files that take longest (gate of issue 42: 45-150 s each where most take
// under 20), started first: they then run beside the many short ones instead
// of alone at the end, where a 90 s file kept one core of two idle. Vitest
// orders by the last run's times when it has them; a fresh clone has none (it
// falls back to file size, and the longest file is one of the smallest).
const SLOWEST_FIRST = [
  "e2e/api/embedded-database.test.ts",
  "e2e/postgres/crash-recovery.test.ts",
  "e2e/api/openapi-fuzz-inherited-names.test.ts",
  "e2e/api/openapi-fuzz.test.ts",
  "e2e/api/backup-restore.test.ts",
  "e2e/api/robustness.test.ts",
  "e2e/api/move-to-postgres.test.ts",
  "e2e/api/imports.test.ts",
  "e2e/api/setup-cli.test.ts",
  "e2e/api/campaigns.test.ts",
  "e2e/api/campaign-outcomes.test.ts",
  "e2e/api/webhooks.test.ts",
];

class SlowestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = SLOWEST_FIRST.indexOf(path.relative(import.meta.dirname, file.moduleId));
      return at < 0 ? SLOWEST_FIRST.length : at;
    };
    // A stable sort: the rest keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// Each server of the suites keeps 5 connections for requests, not 10: the PostgreSQL suite runs
// up to seven servers at once on the 100 connections of the machine's PostgreSQL (and the
// tests' own), and a full house refused a test's connection (issue 60).
process.env.TEST_SERVER_POOL_SIZE ??= "5";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["e2e/api/**/*.test.ts", ...(postgres ? ["e2e/postgres/**/*.test.ts"] : [])],
    exclude: postgres ? EMBEDDED_ONLY : [],
    globalSetup: ["e2e/support/global-setup.mjs"],
    // Every answer is checked against the OpenAPI document (issue 24).
    setupFiles: ["e2e/support/response-check.ts"],
    // Files side by side: most of a file's time is waiting on its servers or
    // on time to pass (TEST_API_WORKERS; Vitest's default is one less than the
    // cores: one here). With three, both cores were a fifth idle across each
    // suite; five took the embedded suite from 205 to 185 s and the
    // PostgreSQL one from 191 to 167 s, run alone on this 2-core machine. In
    // the gate, where the type check takes what the waits leave, about the
    // same as three (issue 60; docs/decisions/024).
    maxWorkers: Number(process.env.TEST_API_WORKERS ?? 5),
    // Files share a worker process one after another instead of each starting
    // a new one (a third of the test workers' CPU, issue 42): every test makes
    // its own tenant and talks to the servers over HTTP, so a file leaves no
    // state another reads; the response check wraps fetch once per process.
    isolate: false,
    // A limit for a hung test, not a speed check: five files at a time keep both cores
    // busy, and a test that takes 11 s alone (a 20 MB import on the embedded
    // database) took over 30 s beside them (issue 42).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    environment: "node",
    sequence: { sequencer: SlowestFirst },
  },
});
