// Starts the real production server (scripts/server.mjs, as `npm start` does) for tests and benchmarks,
// on its own port and database, and waits until it answers.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { serverConnections, takeConnections } from "./connection-budget.mjs";

export const TEST_FRONTEND_ORIGIN = "http://frontend.test";

/** Provider credentials the test servers run with; tests sign callbacks with them. */
export const TEST_PROVIDER = {
  TWILIO_ACCOUNT_SID: "AC" + "a1".repeat(16),
  TWILIO_AUTH_TOKEN: "test-auth-token-0123456789abcdef",
  TWILIO_API_KEY_SID: "SK" + "b2".repeat(16),
  TWILIO_API_KEY_SECRET: "test-api-key-secret-0123456789abcdef",
  TWILIO_TWIML_APP_SID: "AP" + "c3".repeat(16),
  TWILIO_CALLER_ID: "+15005550006",
};

/** The bearer token every test server's GET /metrics asks for. */
export const TEST_METRICS_TOKEN = "test-metrics-token-0123456789abcdef";

/**
 * One key for every test server: servers that share a database must open the
 * secrets each other sealed (provider tokens, callback signing secrets).
 */
const TEST_ENCRYPTION_KEY = Buffer.from("contact-center-test-encryption!!").toString("base64");

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * The embedded database's templates, as `CREATE DATABASE ... TEMPLATE` is PostgreSQL's:
 * data folders a test server has started on once (PGlite's initdb, every
 * migration, and in `demo` the demo data; `empty` has no users, as
 * SEED_DEMO_DATA=never leaves it) and left cleanly. A new embedded test server
 * starts on a copy of the one it would make itself (39 MB, a tenth of a second)
 * instead of doing that work again (4-6 s and 10 CPU-seconds each). Made once
 * per run, side by side, and named in TEST_EMBEDDED_TEMPLATE, which the
 * suites' processes inherit.
 * @returns {Promise<{ dir: string, remove(): void }>} remove() deletes them only if this call made them.
 */
export async function embeddedTemplate() {
  const known = process.env.TEST_EMBEDDED_TEMPLATE;
  if (known && TEMPLATES.every((kind) => existsSync(path.join(known, kind, "pglite")))) return { dir: known, remove() {} };
  const dir = mkdtempSync(path.join(tmpdir(), "cc-template-"));
  await Promise.all(
    TEMPLATES.map(async (kind) => {
      const dataDir = path.join(dir, kind);
      mkdirSync(dataDir);
      const server = await startServer({ dataDir, label: `template-${kind}`, env: kind === "empty" ? { SEED_DEMO_DATA: "never" } : {} });
      await server.stop();
      rmSync(path.join(dataDir, "server.operator.json"), { force: true });
    }),
  );
  process.env.TEST_EMBEDDED_TEMPLATE = dir;
  return {
    dir,
    remove() {
      rmSync(dir, { recursive: true, force: true });
      if (process.env.TEST_EMBEDDED_TEMPLATE === dir) delete process.env.TEST_EMBEDDED_TEMPLATE;
    },
  };
}

const TEMPLATES = ["demo", "empty"];

/**
 * A data folder of a test's own, no server running on it: a copy of the run's
 * demo template (a server that started on it once and stopped). A test that
 * needs such a folder makes one instead of reading the one another test left.
 * @returns {string} the folder; its owner removes it
 */
export function embeddedDataCopy() {
  const template = templateFor(undefined);
  if (!template) throw new Error("no embedded template: the suite's global setup makes one (TEST_EMBEDDED_TEMPLATE)");
  const dataDir = mkdtempSync(path.join(tmpdir(), "cc-data-"));
  cpSync(template, path.join(dataDir, "pglite"), { recursive: true });
  return dataDir;
}

/** The template a server with this SEED_DEMO_DATA would make itself, if there is one for it. */
function templateFor(seedDemoData) {
  const dir = process.env.TEST_EMBEDDED_TEMPLATE;
  const kind = seedDemoData === undefined ? "demo" : seedDemoData === "never" ? "empty" : null;
  return dir && kind ? path.join(dir, kind, "pglite") : null;
}

/**
 * @param {{ databaseUrl?: string, dataDir?: string, env?: Record<string,string>, label?: string, port?: number, bareNext?: boolean, lifetime?: "test" | "suite" }} options
 * Without databaseUrl the server uses an embedded database: in dataDir when given
 * (left in place on stop: its owner removes it), else in a fresh temp dir, which
 * starts as a copy of a template (see embeddedTemplate) when there is one: with
 * the demo data, as every test server seeds it (env names no SEED_DEMO_DATA), or
 * without users (SEED_DEMO_DATA=never).
 * A server that exits during start-up throws an error carrying its exitCode and output.
 * bareNext: `next start` alone, without our server in front (as a host that runs Next.js its own way would).
 * lifetime: "suite" for a server that serves a whole suite (see SHORT_LIVED_EMBEDDED_NODE_ARGS).
 */
export async function startServer(options = {}) {
  if (!options.databaseUrl) return startOneServer(options, async () => {});
  return startOneServer(options, await takeConnections(serverConnections(options.env ?? {})));
}

/**
 * Servers started together on PostgreSQL (a pair on one database): their connections are taken
 * from the run's ledger at once, so two files each holding half a pair never wait on each other.
 */
export async function startServers(list) {
  const onPostgres = list.filter((options) => options.databaseUrl);
  const release = onPostgres.length ? await takeConnections(onPostgres.reduce((sum, options) => sum + serverConnections(options.env ?? {}), 0)) : async () => {};
  let left = list.length;
  const releaseOne = async () => {
    left -= 1;
    if (left === 0) await release();
  };
  return Promise.allSettled(list.map((options) => startOneServer(options, releaseOne)));
}

async function startOneServer({ databaseUrl, dataDir: givenDataDir, env = {}, label = "server", port: fixedPort, bareNext = false, lifetime = "test" }, release) {
  const dataDir = databaseUrl ? undefined : (givenDataDir ?? mkdtempSync(path.join(tmpdir(), "cc-test-")));
  const template = templateFor(env.SEED_DEMO_DATA);
  if (dataDir && !givenDataDir && template) cpSync(template, path.join(dataDir, "pglite"), { recursive: true });
  // A start-up failure that says nothing of the server, seen in the gate (issue 42), after which
  // the server exits at once and is started again: freePort() lets its port go before the server
  // binds it, and another file's server, starting at the same moment, can take it in between.
  // (PostgreSQL's connections are not raced for: the run's ledger gives them out, connection-budget.mjs.)
  for (let attempt = 1; ; attempt++) {
    try {
      const server = await startOn(fixedPort ?? (await freePort()), { databaseUrl, dataDir, givenDataDir, env, label, bareNext, lifetime });
      // After the run ends the ledger is gone with it: nothing to give back then.
      server.exited.then(release).catch(() => undefined);
      return server;
    } catch (error) {
      const output = typeof error.output === "string" ? error.output : "";
      const portTaken = fixedPort === undefined && /already in use|EADDRINUSE/.test(output) && attempt < 3;
      if (!portTaken) {
        // The start's own failure is the one to see, not the ledger's.
        await release().catch(() => undefined);
        throw error;
      }
    }
  }
}

/** Servers of this process still running: stopped if the process ends first (a test that failed half-way). */
const running = new Set();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * How a test server's node runs, unlike an installation's (issue 60: a server
 * started by a test lives seconds, and its start was most of its cost):
 * - `--liftoff-only`, on the embedded database, for a server a test starts
 *   (not a suite's, `lifetime: "suite"`): PGlite's WebAssembly stays on V8's
 *   baseline compiler. Optimising its hot functions took 2-2.5 CPU-seconds of
 *   background threads in a server's first seconds, and paid back only after
 *   some 40,000 statements: a server that starts, answers a test and stops
 *   spent 5.2-5.9 CPU-seconds instead of 2.9. A suite's server answers tens
 *   of thousands of requests: it keeps the optimising compiler. On PostgreSQL
 *   the only WebAssembly is Prisma's query compiler, small and hot: as installed.
 * - PRELOAD_ROUTES=0 (next.config.js): routes are loaded when first asked for,
 *   not all at start (1.4 CPU-seconds a server).
 * SERVER_NODE_ARGS replaces the flags (say --cpu-prof, to profile a benchmark's
 * server; empty, to run as installed: the embedded database's benchmarks).
 */
const SHORT_LIVED_EMBEDDED_NODE_ARGS = ["--liftoff-only"];
const TEST_SERVER_ENV = { PRELOAD_ROUTES: "0" };

async function startOn(port, { databaseUrl, dataDir, givenDataDir, env, label, bareNext, lifetime }) {
  const command = bareNext ? ["node_modules/next/dist/bin/next", "start", "--port", String(port), "--hostname", "127.0.0.1"] : ["scripts/server.mjs"];
  const shortLived = !databaseUrl && lifetime === "test";
  const nodeArgs = process.env.SERVER_NODE_ARGS !== undefined ? process.env.SERVER_NODE_ARGS.split(" ").filter(Boolean) : shortLived ? SHORT_LIVED_EMBEDDED_NODE_ARGS : [];
  const child = spawn(process.execPath, [...nodeArgs, ...command], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      FRONTEND_URL: TEST_FRONTEND_ORIGIN,
      NEXTAUTH_SECRET: "test-secret-test-secret-test-secret",
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      TRUSTED_PROXIES: "1",
      SEED_DEMO_DATA: "always",
      SIMULATED_CLOCK: "on",
      // A caller's answer waits for the database, however loaded the run: what a test reads right
      // after a webhook is then written. The answer past a busy database has its own test (caller-answered-in-time).
      CALLER_ANSWER_MS: "60000",
      // The webhook tests' receiver listens on this machine: the one private host webhooks may reach here.
      WEBHOOK_PRIVATE_HOSTS: "127.0.0.1",
      // The single sign-on tests' identity providers listen on this machine too.
      SSO_PRIVATE_HOSTS: "127.0.0.1,localhost",
      METRICS_TOKEN: TEST_METRICS_TOKEN,
      // bcrypt's cheapest cost (5 ms a check instead of 90): the suites sign in thousands of
      // times through one password thread. Tests and benches about hashing load set 10.
      PASSWORD_HASH_COST: "4",
      ...TEST_SERVER_ENV,
      ...TEST_PROVIDER,
      // The run's provider double, when a suite has one (e2e/support/global-setup.mjs).
      ...(process.env.TEST_PROVIDER_API_URL && { TWILIO_API_BASE_URL: process.env.TEST_PROVIDER_API_URL }),
      // The run's DNS, where tests publish the records that prove SSO domains (e2e/support/dns-test-server.mjs).
      ...(process.env.TEST_DNS_SERVERS && { DNS_SERVERS: process.env.TEST_DNS_SERVERS }),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "", DATA_DIR: dataDir }),
      // The suites' servers share PostgreSQL's 100 connections: a smaller pool each (the suites set it; benches keep the default).
      ...(process.env.TEST_SERVER_POOL_SIZE && { DATABASE_POOL_SIZE: process.env.TEST_SERVER_POOL_SIZE }),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  exited.then(() => running.delete(child));
  let output = "";
  // npm test keeps every server's whole log for the run (TEST_SERVER_LOG_DIR) and shows
  // its warnings and errors when a suite fails: a gate's failure then carries the server's side.
  const file = process.env.TEST_SERVER_LOG_DIR ? createWriteStream(path.join(process.env.TEST_SERVER_LOG_DIR, `${label}-${port}.log`), { flags: "a" }) : null;
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
    file?.write(chunk);
    if (process.env.TEST_SERVER_LOGS) process.stderr.write(`[${label}] ${chunk}`);
  };
  // "close", not "exit": output can still arrive between the two, and a write after the end would throw here.
  child.once("close", () => file?.end());
  file?.on("error", () => {}); // a log that cannot be written must not fail the test that started the server
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw Object.assign(new Error(`${label} exited during start-up:\n${output}`), { exitCode: child.exitCode, output });
    try {
      const response = await fetch(`${baseUrl}/api/user`);
      if (response.status === 401) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (Date.now() >= deadline) {
    child.kill("SIGKILL");
    throw new Error(`${label} did not start in time:\n${output}`);
  }

  return {
    baseUrl,
    pid: child.pid,
    /** Settles once the process has exited, however it ended. */
    exited,
    output: () => output,
    /** Closes the pipes its logs go to, as a process manager that died would. */
    closeOutput() {
      child.stdout.destroy();
      child.stderr.destroy();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      if (dataDir && !givenDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates an empty database next to the one TEST_DATABASE_URL names; returns its URL and a dropper. */
export async function createTestDatabase(adminUrl) {
  const name = `cc_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
