import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./e2e/support/chromium.mjs";

// Browser tests in Debian's Chromium, its headless shell when installed
// (Playwright cannot download its own browser here: e2e/support/chromium.mjs).
// Screenshots of every test are kept in test-results/.
const port = Number(process.env.BROWSER_TEST_PORT ?? 3217);
process.env.BROWSER_TEST_PORT = String(port);

export default defineConfig({
  testDir: "e2e/browser",
  // The browser suite runs beside the README suite's install and build: a long test took over 60 s there (issue 42).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: "test-results",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
  webServer: {
    command: "node e2e/support/serve.mjs",
    url: `http://127.0.0.1:${port}/api/user`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
