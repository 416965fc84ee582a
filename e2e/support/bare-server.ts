import { inject } from "vitest";
import { createTestDatabase, startServer, TEST_PROVIDER } from "./server.mjs";

const NO_PROVIDER = Object.fromEntries(Object.keys(TEST_PROVIDER).map((key) => [key, ""]));

/**
 * A second server as a fresh install runs it: no provider account in its
 * environment and no proxy trusted in front (and accepted calls whose device
 * does not join go back to the queue after 2 s). It has a database of its own
 * on both runs: servers sharing a database share its job queue, and this one,
 * unable to dial, once took another file's campaign tick and failed its call.
 */
export async function startBareServer() {
  const onPostgres = inject("databaseUrl") !== "";
  const database = onPostgres ? await createTestDatabase(process.env.TEST_DATABASE_URL!) : null;
  const server = await startServer({ databaseUrl: database?.url, label: "bare", env: { ...NO_PROVIDER, TRUSTED_PROXIES: "", ACCEPT_CONNECT_SECONDS: "2" } });
  return {
    ...server,
    async stop() {
      await server.stop();
      await database?.drop();
    },
  };
}
