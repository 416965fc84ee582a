import { inject } from "vitest";
import { startServer, TEST_PROVIDER } from "./server.mjs";

const NO_PROVIDER = Object.fromEntries(Object.keys(TEST_PROVIDER).map((key) => [key, ""]));

/**
 * A second server as a fresh install runs it: no provider account in its
 * environment and no proxy trusted in front (and accepted calls whose device
 * does not join go back to the queue after 2 s). On the PostgreSQL run it shares
 * the suite's database; on the embedded run it has a fresh one of its own.
 */
export function startBareServer() {
  const databaseUrl = inject("databaseUrl") || undefined;
  return startServer({ databaseUrl, label: "bare", env: { ...NO_PROVIDER, TRUSTED_PROXIES: "", ACCEPT_CONNECT_SECONDS: "2" } });
}
