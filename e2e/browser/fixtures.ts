import { test as base } from "@playwright/test";
import { startServer, TEST_PROVIDER } from "../support/server.mjs";

// Each Playwright worker signs in to a server of its own: the production
// server on its own embedded database with the demo data (a copy of the run's
// template), so two workers never see each other's changes to the demo
// organization and the suite can run two files at a time (issue 42). Like a
// newcomer's laptop it has no provider account, so the softphone runs on the
// simulated device.
const NO_PROVIDER = Object.fromEntries(Object.keys(TEST_PROVIDER).map((key) => [key, ""]));

export const test = base.extend<object, { workerServer: { baseUrl: string } }>({
  workerServer: [
    async ({}, provide, workerInfo) => {
      const server = await startServer({ label: `browser-${workerInfo.workerIndex}`, env: { FRONTEND_URL: "", ...NO_PROVIDER } });
      await provide(server);
      await server.stop();
    },
    // A server start (a few seconds on a loaded machine) is the worker's, not a test's, time.
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ workerServer }, provide) => provide(workerServer.baseUrl),
});
