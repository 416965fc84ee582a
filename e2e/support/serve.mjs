// Playwright's web server: the production server on a fresh embedded database,
// on the port given in BROWSER_TEST_PORT, until Playwright stops it.
import { startServer } from "./server.mjs";

const server = await startServer({ port: Number(process.env.BROWSER_TEST_PORT), label: "browser", env: { FRONTEND_URL: "" } });
console.log(`browser test server on ${server.baseUrl}`);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await server.stop();
    process.exit(0);
  });
}
