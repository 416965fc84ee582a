// Vitest global setup for the API suites: one real server per run, on the
// embedded database, or (TEST_DB=postgres) two servers on one fresh PostgreSQL
// database, started at the same moment so their migration runs race.
import { startDnsServer } from "./dns-test-server.mjs";
import { startFakeProvider } from "./fake-provider.mjs";
import { createTestDatabase, embeddedTemplate, startServer } from "./server.mjs";

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
  if (target === "embedded") {
    const server = await startServer({ label: "embedded", env, lifetime: "suite" });
    project.provide("baseUrl", server.baseUrl);
    project.provide("secondBaseUrl", "");
    project.provide("databaseUrl", "");
    return async () => {
      await server.stop();
      await fake.stop();
      await dns.stop();
      template.remove();
      failOnViolations(fake);
    };
  }

  if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const database = await createTestDatabase(process.env.TEST_DATABASE_URL);
  const [first, second] = await Promise.all([
    startServer({ databaseUrl: database.url, label: "pg-1", env }),
    startServer({ databaseUrl: database.url, label: "pg-2", env }),
  ]);
  project.provide("baseUrl", first.baseUrl);
  project.provide("secondBaseUrl", second.baseUrl);
  project.provide("databaseUrl", database.url);
  return async () => {
    await Promise.all([first.stop(), second.stop()]);
    await database.drop();
    await fake.stop();
    await dns.stop();
    template.remove();
    failOnViolations(fake);
  };
}
