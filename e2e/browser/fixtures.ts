import { test as base, type BrowserContext, type Page } from "@playwright/test";
import { startServer, TEST_PROVIDER } from "../support/server.mjs";

// Each Playwright worker signs in to a server of its own: the production
// server on its own embedded database with the demo data (a copy of the run's
// template), so two workers never see each other's changes to the demo
// organization and the suite can run two files at a time (issue 42). Like a
// newcomer's laptop it has no provider account, so the softphone runs on the
// simulated device.
const NO_PROVIDER = Object.fromEntries(Object.keys(TEST_PROVIDER).map((key) => [key, ""]));

/**
 * A console error on any page of any test fails that test (issue 45, point
 * 10): every page of the test's own context and of each context it opens.
 * A test that provokes an answer the page reports itself (a 422 the form
 * shows, a 409 it explains) declares it with `expectConsoleErrors(testInfo, /pattern/)`.
 */
function watch(context: BrowserContext, errors: string[]) {
  const listen = (page: Page) => {
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`${page.url()} · ${message.text()}${message.location().url ? ` (${message.location().url})` : ""}`);
    });
    page.on("pageerror", (error) => errors.push(`${page.url()} · uncaught: ${error.message}`));
  };
  context.pages().forEach(listen);
  context.on("page", listen);
}

export const test = base.extend<{ consoleErrors: string[] }, { workerServer: { baseUrl: string } }>({
  workerServer: [
    async ({}, provide, workerInfo) => {
      const server = await startServer({ label: `browser-${workerInfo.workerIndex}`, env: { FRONTEND_URL: "", ...NO_PROVIDER }, lifetime: "suite" });
      await provide(server);
      await server.stop();
    },
    // A server start (a few seconds on a loaded machine) is the worker's, not a test's, time.
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ workerServer }, provide) => provide(workerServer.baseUrl),
  consoleErrors: [
    async ({ context, browser }, provide, testInfo) => {
      const errors: string[] = [];
      watch(context, errors);
      // Contexts the test opens itself (a second agent, a phone) are watched too,
      // and closed when it ends: the browser is the worker's, so a context left open
      // kept its pages polling and painting through every later test of the worker
      // (four such pages held a tenth of a core each, in Chromium and in the server).
      const opened: BrowserContext[] = [];
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        watch(context, errors);
        opened.push(context);
        return context;
      };
      await provide(errors);
      browser.newContext = newContext;
      // What the pages said while the test ran; closing them is not part of it.
      const said = [...errors];
      await Promise.all(opened.map((context) => context.close()));
      const allowed = testInfo.annotations.filter((a) => a.type === "console-error").map((a) => new RegExp(a.description ?? "^$"));
      const unexpected = said.filter((e) => !allowed.some((pattern) => pattern.test(e)));
      if (process.env.CONSOLE_ERRORS_LOG) {
        const { appendFileSync } = await import("node:fs");
        for (const e of unexpected) appendFileSync(process.env.CONSOLE_ERRORS_LOG, `${testInfo.file.split("/").pop()}:${testInfo.line} ${testInfo.title.slice(0, 60)} | ${e}\n`);
      } else if (unexpected.length > 0 && testInfo.status === testInfo.expectedStatus) {
        throw new Error(`Console errors during the test (issue 45: the suite allows none):\n${unexpected.join("\n")}`);
      }
    },
    { auto: true },
  ],
});

/** A test that provokes an error the page shows itself declares it: its console line is then expected. */
export function expectConsoleErrors(testInfo: { annotations: { type: string; description?: string }[] }, pattern: RegExp) {
  testInfo.annotations.push({ type: "console-error", description: pattern.source });
}
