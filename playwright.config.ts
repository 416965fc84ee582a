import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./e2e/support/chromium.mjs";

// Browser tests in Debian's Chromium, its headless shell when installed
// (Playwright cannot download its own browser here: e2e/support/chromium.mjs).
// Screenshots of every test are kept in test-results/. Each worker has a server
// of its own (e2e/browser/fixtures.ts), started from the run's embedded template.

export default defineConfig({
  testDir: "e2e/browser",
  // The browser suite runs beside the README suite's install and build: a long test took over 60 s there (issue 42).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  globalSetup: "./e2e/support/browser-global-setup.mjs",
  // Files are shared out between the workers; a file's tests run in order in one of them.
  // One worker kept a core idle: a test mostly waits on the page, the server or a timer
  // (BROWSER_WORKERS; issue 42).
  fullyParallel: false,
  workers: Number(process.env.BROWSER_WORKERS ?? 2),
  retries: 0,
  outputDir: "test-results",
  use: {
    // A click, screenshot or navigation that cannot happen fails naming itself, not as the
    // test's whole time running out (a phone test hung to its 120 s twice, nothing said where).
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // Each test keeps its final screen itself (helpers.ts); Playwright adds one on failure.
    screenshot: "only-on-failure",
    // Recording a trace costs a sixth of Chromium's work in every test (issue 42): PLAYWRIGHT_TRACE=1 keeps one per failure.
    trace: process.env.PLAYWRIGHT_TRACE === "1" ? "retain-on-failure" : "off",
    launchOptions: {
      executablePath: chromiumPath() ?? "/usr/bin/chromium-headless-shell",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
});
