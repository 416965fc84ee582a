// Vitest global setup for the API suites: real servers per run, two on
// embedded databases of their own (the files spread over them), or
// (TEST_DB=postgres) two servers on one fresh PostgreSQL database, started at
// the same moment so their migration runs race.
import { startDnsServer } from "./dns-test-server.mjs";
import { startFakeProvider } from "./fake-provider.mjs";
import { serveConnectionBudget } from "./connection-budget.mjs";
import { createTestDatabase, embeddedTemplate, startServer, startServers } from "./server.mjs";

/** Requests the provider's API definitions refuse (issue 40) fail the run, whichever file sent them. */
function failOnViolations(fake) {
  if (fake.violations.length === 0) return;
  const lines = fake.violations.map((v) => `${v.method} ${v.path}${v.query}: ${v.problems.join("; ")}`);
  throw new Error(`The provider's API definitions refuse ${fake.violations.length} request(s) the servers sent:\n${[...new Set(lines)].join("\n")}`);
}

export default async function setup(project) {
  const target = process.env.TEST_DB ?? "embedded";
  // Every embedded server of the run (the suite's, and those tests start) starts on a copy.
  const template = await embeddedTemplate();
  // The provider's REST API for the campaign engine's dials.
  const fake = await startFakeProvider();
  const env = { TWILIO_API_BASE_URL: fake.baseUrl };
  // Servers the tests start get it too (e2e/support/server.mjs): one started on the suite's
  // PostgreSQL database takes the suite's jobs as well (a held text released, a campaign's
  // dial), and without it sent them to the real provider, which failed them (gate 6, issue 42).
  process.env.TEST_PROVIDER_API_URL = fake.baseUrl;
  project.provide("fakeProviderUrl", fake.baseUrl);
  // The DNS that SSO domains are proved on (issue 59): every server of the run asks it
  // (server.mjs passes TEST_DNS_SERVERS on as DNS_SERVERS), and tests publish records
  // through its control (e2e/support/dns-records.ts).
  const dns = await startDnsServer();
  process.env.TEST_DNS_SERVERS = dns.servers;
  process.env.TEST_DNS_CONTROL_URL = dns.controlUrl;
  // PostgreSQL's connections, given out to the servers of the run (both suites start some on it).
  const budget = process.env.TEST_DATABASE_URL ? await serveConnectionBudget(process.env.TEST_DATABASE_URL) : null;
  if (budget) process.env.TEST_CONNECTION_BUDGET_URL = budget.url;
  if (target === "embedded") {
    // TEST_EMBEDDED_SERVERS servers (npm test: two; one file alone: one), each on a
    // database of its own, the files spread over them by worker (e2e/support/api.ts,
    // suiteUrl): an embedded database runs its statements on its server's one thread,
    // and with one server for five files at a time that thread was the suite's limit
    // (a file alone 23 s, the same file in the suite 345 s; issue 60).
    const count = Number(process.env.TEST_EMBEDDED_SERVERS ?? 1);
    const servers = await Promise.all(Array.from({ length: count }, (_, i) => startServer({ label: `embedded-${i + 1}`, env, lifetime: "suite" })));
    project.provide("baseUrl", servers[0].baseUrl);
    project.provide(
      "baseUrls",
      servers.map((server) => server.baseUrl),
    );
    project.provide("secondBaseUrl", "");
    project.provide("databaseUrl", "");
    return async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await fake.stop();
      await dns.stop();
      await budget?.close();
      template.remove();
      failOnViolations(fake);
    };
  }

  if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const database = await createTestDatabase(process.env.TEST_DATABASE_URL);
  const started = await startServers([
    { databaseUrl: database.url, label: "pg-1", env },
    { databaseUrl: database.url, label: "pg-2", env },
  ]);
  const failed = started.find((each) => each.status === "rejected");
  if (failed) throw failed.reason;
  const [first, second] = started.map((each) => each.value);
  project.provide("baseUrl", first.baseUrl);
  project.provide("baseUrls", [first.baseUrl]);
  project.provide("secondBaseUrl", second.baseUrl);
  project.provide("databaseUrl", database.url);
  return async () => {
    await Promise.all([first.stop(), second.stop()]);
    await database.drop();
    await fake.stop();
    await dns.stop();
    await budget?.close();
    template.remove();
    failOnViolations(fake);
  };
}
