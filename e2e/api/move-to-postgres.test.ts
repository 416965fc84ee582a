import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ProviderSimulator } from "@/lib/twilio/simulator/simulator";
import { api, loginAs } from "../support/api";
import { runScript } from "../support/cli";
import { createTestDatabase, embeddedDataCopy, startServer, TEST_PROVIDER } from "../support/server.mjs";

// npm run db:move (issue 41, point 2): an embedded server's data, demo data and
// changes made through the API, moved into a fresh PostgreSQL database, then
// served from there. Runs whatever TEST_DB says: it starts its own embedded
// server, and needs PostgreSQL (TEST_DATABASE_URL, else the local one).

const ADMIN_URL = process.env.TEST_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
type Started = Awaited<ReturnType<typeof startServer>>;
type Database = Awaited<ReturnType<typeof createTestDatabase>>;
const servers: Started[] = [];
const databases: Database[] = [];
const folder = mkdtempSync(path.join(tmpdir(), "cc-move-"));
const folders = [folder];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop().catch(() => undefined)));
  await Promise.all(databases.map((database) => database.drop().catch(() => undefined)));
  for (const each of folders) rmSync(each, { recursive: true, force: true });
});

/** A data folder of the test's own that no server runs on (a copy of the run's template). */
function ownFolder(): string {
  const copy = embeddedDataCopy();
  folders.push(copy);
  return copy;
}

async function newDatabase(): Promise<Database> {
  const database = await createTestDatabase(ADMIN_URL);
  databases.push(database);
  return database;
}

async function onDatabase<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The "table  embedded  postgres" lines db:move prints. */
function printedCounts(stdout: string): Map<string, [number, number]> {
  const counts = new Map<string, [number, number]>();
  for (const match of stdout.matchAll(/^(\w+\.\w+)\s+(\d+)\s+(\d+)/gm)) counts.set(match[1], [Number(match[2]), Number(match[3])]);
  return counts;
}

const printed = (stdout: string, name: string) => new RegExp(`^${name}=(.*)$`, "m").exec(stdout)?.[1];

// The secrets `npm start` keeps in the data folder for the embedded database.
const SECRETS = { ENCRYPTION_KEY: randomBytes(32).toString("base64"), NEXTAUTH_SECRET: randomBytes(32).toString("base64url") };
// The demo organization's own provider auth token, stored sealed with ENCRYPTION_KEY: callbacks are signed with it.
const ORG_AUTH_TOKEN = `org-own-auth-token-${randomBytes(8).toString("hex")}`;

describe("npm run db:move", () => {
  it("moves the embedded database into PostgreSQL: every count matches, and a server on it serves the same data, signed callbacks included", async () => {
    writeFileSync(path.join(folder, "secrets.json"), JSON.stringify(SECRETS), { mode: 0o600 });
    const env = { ...SECRETS, TWILIO_API_BASE_URL: inject("fakeProviderUrl") };
    const embedded = await startServer({ dataDir: folder, label: "move-embedded", env });
    servers.push(embedded);
    const before = api(embedded.baseUrl);
    const admin = await loginAs(before, "admin@acme.example.com");
    // Changes through the API on top of the demo data.
    const created = await before.post("/api/contacts", { name: "Moved Along", phone: "+14155550191", email: "moved@example.com" }, admin);
    expect(created.status).toBe(201);
    expect((await before.request("PUT", "/api/settings/telephony", { token: admin, body: { auth_token: ORG_AUTH_TOKEN } })).status).toBe(200);
    const number: string = (await before.get("/api/settings/telephony", admin)).body.phone_numbers[0];
    const callLogs = (await before.get("/api/voice/call-logs?per_page=5", admin)).body.data;
    const conversations = (await before.get("/api/conversations", admin)).body.data;
    expect(callLogs.length).toBeGreaterThan(0);
    expect(conversations.length).toBeGreaterThan(0);
    const callLog = callLogs[0];
    const conversation = (await before.get(`/api/conversations/${conversations[0].id}`, admin)).body;
    await embedded.stop();

    const target = await newDatabase();
    const move = await runScript("db:move", ["--to", target.url, "--data-dir", folder]);
    expect(move.stderr).toBe("");
    expect(move.code).toBe(0);
    const counts = printedCounts(move.stdout);
    expect(counts.size).toBeGreaterThan(40);
    for (const [table, [source, moved]] of counts) expect(moved, table).toBe(source);
    expect(counts.get("public.contacts")![0]).toBeGreaterThan(1);
    expect(counts.get("public.call_logs")![0]).toBeGreaterThan(0);
    expect(counts.has("pgboss.job")).toBe(true);
    expect(move.stdout).toContain("every count matches");
    expect(printed(move.stdout, "DATABASE_URL")).toBe(target.url);
    expect(printed(move.stdout, "ENCRYPTION_KEY")).toBe(SECRETS.ENCRYPTION_KEY);
    expect(printed(move.stdout, "NEXTAUTH_SECRET")).toBe(SECRETS.NEXTAUTH_SECRET);
    console.log(`db:move of the demo data: ${(move.ms / 1000).toFixed(1)} s (the command, start to end)`);
    // The job queue's queues are there, as pg-boss made them (each a partition of its job table).
    const queues = await onDatabase(target.url, async (client) => (await client.query("SELECT name FROM pgboss.queue ORDER BY name")).rows.map((row) => row.name));
    expect(queues).toEqual(expect.arrayContaining(["campaign-tick", "contact-import", "contact-operation", "message-release"]));
    expect(queues).toHaveLength(counts.get("pgboss.queue")![0]);

    // A server on PostgreSQL, with the variables printed.
    const moved = await startServer({
      databaseUrl: printed(move.stdout, "DATABASE_URL"),
      label: "move-postgres",
      env: {
        ENCRYPTION_KEY: printed(move.stdout, "ENCRYPTION_KEY")!,
        NEXTAUTH_SECRET: printed(move.stdout, "NEXTAUTH_SECRET")!,
        SEED_DEMO_DATA: "never",
        TWILIO_API_BASE_URL: inject("fakeProviderUrl"),
      },
    });
    servers.push(moved);
    const after = api(moved.baseUrl);
    const token = await loginAs(after, "admin@acme.example.com");
    const contact = await after.get(`/api/contacts/${created.body.id}`, token);
    expect(contact.status).toBe(200);
    expect(contact.body).toMatchObject({ name: "Moved Along", phone: "+14155550191", email: "moved@example.com" });
    expect((await after.get("/api/voice/call-logs?per_page=5", token)).body.data).toContainEqual(callLog);
    expect((await after.get(`/api/conversations/${conversation.id}`, token)).body).toEqual(conversation);

    // A provider callback signed with the organization's own auth token, which only the printed ENCRYPTION_KEY opens.
    const signedByOrg = new ProviderSimulator({ baseUrl: moved.baseUrl, authToken: ORG_AUTH_TOKEN, accountSid: TEST_PROVIDER.TWILIO_ACCOUNT_SID });
    const call = await signedByOrg.inboundCall({ from: "+14155550192", to: number });
    expect(call.status).toBe(200);
    expect(call.body).toContain("<Response>");
    const signedByEnvironment = new ProviderSimulator({ baseUrl: moved.baseUrl, authToken: TEST_PROVIDER.TWILIO_AUTH_TOKEN, accountSid: TEST_PROVIDER.TWILIO_ACCOUNT_SID });
    expect((await signedByEnvironment.inboundCall({ from: "+14155550193", to: number })).status).toBe(403);

    // New rows are numbered after the copied ones: the sequences came along. (Not
    // always the next number: PostgreSQL logs a sequence 32 values ahead, and the
    // embedded server's stop is recovered like a crash, which resumes from there.)
    const next = await after.post("/api/contacts", { name: "After The Move", phone: "+14155550194" }, token);
    expect(next.status).toBe(201);
    expect(next.body.id).toBeGreaterThan(created.body.id);
    expect(next.body.id).toBeLessThanOrEqual(created.body.id + 33);

    // A second move into the same database is refused, and changes nothing.
    const rowsBefore = await onDatabase(target.url, async (client) => (await client.query("SELECT count(*)::int AS n FROM contacts")).rows[0].n);
    const again = await runScript("db:move", ["--to", target.url, "--data-dir", folder]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("The target database is not empty");
    expect(await onDatabase(target.url, async (client) => (await client.query("SELECT count(*)::int AS n FROM contacts")).rows[0].n)).toBe(rowsBefore);
    expect((await after.get(`/api/contacts/${next.body.id}`, token)).status).toBe(200);
  }, 300_000);

  // The next two refuse before anything is read: a folder of their own, a copy of the run's template, is enough.
  it("refuses a target that has any table, in any schema, and leaves it as it was", async () => {
    const folder = ownFolder();
    const target = await newDatabase();
    await onDatabase(target.url, (client) => client.query("CREATE SCHEMA crm; CREATE TABLE crm.notes (id int)"));
    const refused = await runScript("db:move", ["--to", target.url, "--data-dir", folder]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("The target database is not empty: it has 1 table(s) (crm.notes)");
    const tables = await onDatabase(
      target.url,
      async (client) => (await client.query("SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')")).rows,
    );
    expect(tables).toEqual([{ name: "crm.notes" }]);
  }, 120_000);

  it("refuses while a live process holds the data folder, saying to stop it, and touches neither side", async () => {
    const folder = ownFolder();
    const target = await newDatabase();
    // The lock a server writes (lib/db/data-dir-lock.ts), naming a process that runs: this test's own (a server start spared).
    const lock = path.join(folder, "server.lock");
    writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), pid_start: null, started_at: new Date().toISOString() }));
    const refused = await runScript("db:move", ["--to", target.url, "--data-dir", folder]);
    rmSync(lock);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`A server (process ${process.pid} on ${hostname()}`);
    expect(refused.stderr).toContain("Stop it first");
    expect(await onDatabase(target.url, async (client) => (await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows[0].n)).toBe(0);
  }, 120_000);
});
