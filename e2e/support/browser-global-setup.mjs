// Playwright's global setup: the embedded template every worker's server starts
// from (e2e/support/server.mjs). `npm test` makes it before any suite and names it
// in TEST_EMBEDDED_TEMPLATE; `npm run test:browser` alone makes it here. And the
// DNS that SSO domains are proved on: the workers inherit its addresses, their
// servers ask it (DNS_SERVERS) and tests publish records through its control.
import { startDnsServer } from "./dns-test-server.mjs";
import { embeddedTemplate } from "./server.mjs";

export default async function setup() {
  const template = await embeddedTemplate();
  const dns = await startDnsServer();
  process.env.TEST_DNS_SERVERS = dns.servers;
  process.env.TEST_DNS_CONTROL_URL = dns.controlUrl;
  return async () => {
    await dns.stop();
    template.remove();
  };
}
