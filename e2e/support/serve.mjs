// Playwright's web server: the production server on a fresh embedded database
// with the demo data, on the port given in BROWSER_TEST_PORT, until Playwright
// stops it. Like a newcomer's laptop it has no provider account, so the
// softphone runs on the simulated device.
import { startServer, TEST_PROVIDER } from "./server.mjs";

const NO_PROVIDER = Object.fromEntries(Object.keys(TEST_PROVIDER).map((key) => [key, ""]));

const server = await startServer({ port: Number(process.env.BROWSER_TEST_PORT), label: "browser", env: { FRONTEND_URL: "", ...NO_PROVIDER } });
console.log(`browser test server on ${server.baseUrl}`);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await server.stop();
    process.exit(0);
  });
}
