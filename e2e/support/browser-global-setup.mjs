// Playwright's global setup: the embedded template every worker's server starts
// from (e2e/support/server.mjs). `npm test` makes it before any suite and names it
// in TEST_EMBEDDED_TEMPLATE; `npm run test:browser` alone makes it here.
import { embeddedTemplate } from "./server.mjs";

export default async function setup() {
  const template = await embeddedTemplate();
  return () => template.remove();
}
