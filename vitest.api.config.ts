import path from "node:path";
import { defineConfig } from "vitest/config";

// API tests: real HTTP against the real production server (see
// e2e/support/global-setup.mjs). TEST_DB=postgres adds the suites that need two
// servers on one PostgreSQL database.
const postgres = process.env.TEST_DB === "postgres";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["e2e/api/**/*.test.ts", ...(postgres ? ["e2e/postgres/**/*.test.ts"] : [])],
    globalSetup: ["e2e/support/global-setup.mjs"],
    // Every answer is checked against the OpenAPI document (issue 24).
    setupFiles: ["e2e/support/response-check.ts"],
    // Files side by side: most of a file's time is waiting on its servers
    // (TEST_API_WORKERS; Vitest's default is one less than the cores: one here).
    maxWorkers: Number(process.env.TEST_API_WORKERS ?? 3),
    // A limit for a hung test, not a speed check: three files at a time keep both cores
    // busy, and a test that takes 11 s alone (a 20 MB import on the embedded
    // database) took over 30 s beside them (issue 42).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    environment: "node",
  },
});
