import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { api, type Api } from "../support/api";
import { createTestDatabase, startServer, startServers } from "../support/server.mjs";

// The first run (issue 41, point 1) on servers of their own, on a database
// without users (SEED_DEMO_DATA=never): the suite's server has the demo data.
// TEST_DB=postgres: two servers sharing one fresh PostgreSQL database, and the
// race between them; otherwise one server on a fresh embedded database.

const onPostgres = process.env.TEST_DB === "postgres";
type Started = Awaited<ReturnType<typeof startServer>>;
type Counts = { organizations: number; departments: number; users: number; tokens: number };

/**
 * An installation of the test's own: its servers (two sharing one fresh
 * PostgreSQL database, or one on a fresh embedded database) and their clients.
 * Each test that changes whether a user exists makes one: no test reads what
 * another left (issue 60), in whatever order they run.
 */
type Installation = { servers: Started[]; clients: Api[]; database?: Awaited<ReturnType<typeof createTestDatabase>>; counts(): Promise<Counts> };

const installations: Installation[] = [];

async function newInstallation(label: string): Promise<Installation> {
  // The race's attempts (eight a server) each wait on the first-users lock holding a connection: the pool holds them all.
  const env = { SEED_DEMO_DATA: "never", DATABASE_POOL_SIZE: "10" };
  const installation: Installation = { servers: [], clients: [], counts: () => Promise.reject(new Error("rows are counted on PostgreSQL only")) };
  installations.push(installation);
  if (onPostgres) {
    if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    const database = await createTestDatabase(process.env.TEST_DATABASE_URL);
    installation.database = database;
    installation.counts = () => counts(database.url);
    // Both kept as they start, so a start-up that fails (another run holding every connection) leaves no server behind.
    const started = await startServers([1, 2].map((n) => ({ databaseUrl: database.url, env, label: `${label}-pg-${n}` })));
    installation.servers = started.flatMap((each) => (each.status === "fulfilled" ? [each.value] : []));
    const failed = started.find((each) => each.status === "rejected");
    if (failed) throw failed.reason;
  } else {
    installation.servers = [await startServer({ env, label: `${label}-embedded` })];
  }
  installation.clients = installation.servers.map((server) => api(server.baseUrl));
  return installation;
}

/** A test's time includes starting its installation (two servers beside a loaded run can take a minute or more). */
const START_AND_TEST_MS = 240_000;

/** An installation no test sets up: the tests that only read it, or are refused, share it. */
let untouched: Promise<Installation> | undefined;
const neverSetUp = () => (untouched ??= newInstallation("setup-untouched"));

/**
 * Stops an installation's servers. PostgreSQL here takes 100 connections and
 * each server holds about 24: the suite's two, the untouched pair and the
 * race's pair together were more than it takes ("too many clients already").
 */
async function stopInstallation(installation: Installation) {
  await Promise.all(installation.servers.map((server) => server.stop()));
  await installation.database?.drop();
  installations.splice(installations.indexOf(installation), 1);
}

afterAll(() => Promise.all([...installations].map(stopInstallation)));

/** Rows in a shared PostgreSQL database (the embedded one is only reachable through its server). */
async function counts(url: string): Promise<Counts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT (SELECT count(*) FROM organizations)::int AS organizations, (SELECT count(*) FROM departments)::int AS departments,
              (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM api_tokens)::int AS tokens`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/** The lock the first-run setup (and the demo seed) takes, lib/setup/first-users-lock.ts. */
const FIRST_USERS_LOCK = 72707370;

/** Holds the first-users lock from a session of the test's own; counts the transactions waiting for it. */
async function holdFirstUsersLock(url: string) {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => undefined);
  await client.connect();
  await client.query("SELECT pg_advisory_lock($1::bigint)", [FIRST_USERS_LOCK]);
  const waitingNow = async () =>
    (await client.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`)).rows[0]
      .n as number;
  return {
    /** Waits until `expected` attempts wait, or 2.5 s after the first began to (a transaction may not stay open for ever); answers how many do. */
    async waiters(expected: number): Promise<number> {
      const deadline = Date.now() + 20_000;
      let firstSeen: number | undefined;
      for (;;) {
        const n = await waitingNow();
        if (n > 0) firstSeen ??= Date.now();
        if (n >= expected || (firstSeen !== undefined && Date.now() - firstSeen > 2_500) || Date.now() > deadline) return n;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async release() {
      await client.query("SELECT pg_advisory_unlock($1::bigint)", [FIRST_USERS_LOCK]);
      await client.end();
    },
  };
}

const valid = (n: number | string = 0) => ({
  organization: { name: `First Run ${n}`, time_zone: "Europe/Paris" },
  admin: { name: `First Admin ${n}`, email: `first.admin.${n}@example.com`, password: `first-run-password-${n}` },
});

describe("first run", () => {
  it(
    "an installation without users needs setup, and each server said where to open it when it started",
    async () => {
      const { servers, clients } = await neverSetUp();
      for (const [i, client] of clients.entries()) {
        const answer = await client.get("/api/setup");
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ needed: true });
        expect(servers[i].output()).toContain(`Setup needed: open ${servers[i].baseUrl}/setup`);
      }
      // The sign-in has no one to sign in yet.
      expect((await clients[0].post("/api/login", { email: "first.admin.0@example.com", password: "first-run-password-0" })).status).toBe(422);
    },
    START_AND_TEST_MS,
  );

  it(
    "invalid input is refused (422) naming the field, and creates nothing",
    async () => {
      const installation = await neverSetUp();
      const { clients } = installation;
      const cases: [string, unknown][] = [
        ["organization.time_zone", { ...valid(), organization: { name: "Acme", time_zone: "Mars/Olympus_Mons" } }],
        ["organization.time_zone", { ...valid(), organization: { name: "Acme" } }],
        ["organization.name", { ...valid(), organization: { name: "   ", time_zone: "UTC" } }],
        ["admin.email", { ...valid(), admin: { ...valid().admin, email: "not-an-email" } }],
        ["admin.password", { ...valid(), admin: { ...valid().admin, password: "short" } }],
        ["admin.name", { ...valid(), admin: { email: "a@example.com", password: "long-enough-password" } }],
        ["admin", { organization: valid().organization }],
      ];
      for (const [field, body] of cases) {
        const answer = await clients[0].post("/api/setup", body);
        expect(answer.status, JSON.stringify(body)).toBe(422);
        expect(Object.keys(answer.body.errors), JSON.stringify(body)).toContain(field);
      }
      expect((await clients[0].post("/api/setup", "not an object")).status).toBe(422);
      expect((await clients[clients.length - 1].get("/api/setup")).body).toEqual({ needed: true });
      if (onPostgres) expect(await installation.counts()).toEqual({ organizations: 0, departments: 0, users: 0, tokens: 0 });
    },
    START_AND_TEST_MS,
  );

  /** Sixteen attempts at once on an installation of the test's own (split between the servers on PostgreSQL). */
  async function raceToSetUp(label: string) {
    // The untouched installation goes first (a test that still needs it, run later, makes it again).
    const earlier = untouched;
    untouched = undefined;
    if (earlier) await stopInstallation(await earlier);
    const installation = await newInstallation(label);
    const { clients } = installation;
    const attempts = 16;
    // On PostgreSQL the test holds the first-users lock itself: every attempt
    // that has hashed its password waits on it (none answers), so all of them
    // are in flight together when it is let go: a race on every run, not by luck.
    const held = installation.database ? await holdFirstUsersLock(installation.database.url) : undefined;
    let answered = 0;
    const pending = Array.from({ length: attempts }, (_, i) =>
      clients[i % clients.length].post("/api/setup", valid(i)).then((answer) => {
        answered += 1;
        return { answer, input: valid(i) };
      }),
    );
    if (held) {
      try {
        const waiting = await held.waiters(attempts);
        expect(waiting).toBeGreaterThanOrEqual(2);
        expect(answered).toBe(0);
      } finally {
        await held.release();
      }
    }
    const answers = await Promise.all(pending);
    const won = answers.find(({ answer }) => answer.status === 201);
    return { installation, answers, winner: won && { body: won.answer.body, input: won.input } };
  }

  // One story on one installation (a server start each is the costly part): the race, what its winner got, and what comes after.
  it(
    "many attempts at once (split between the servers on PostgreSQL): exactly one succeeds and answers the admin and a bearer " +
      "token as a login does, the others get 409; the organization, its department and the admin exist; setup is then not needed, " +
      "and another attempt is 409 and changes nothing",
    async () => {
      const { installation, answers, winner } = await raceToSetUp("setup-race");
      try {
        await theFirstRun(installation, answers, winner!);
      } finally {
        await stopInstallation(installation);
      }
    },
    START_AND_TEST_MS,
  );
});

/** The race's outcome, what its winner got, and the installation after it. */
async function theFirstRun(installation: Installation, answers: { answer: { status: number; body: any } }[], winner: { body: any; input: ReturnType<typeof valid> }) {
  const { clients } = installation;
  const statuses = answers.map(({ answer }) => answer.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(answers.length - 1);
  for (const { answer } of answers.filter(({ answer }) => answer.status === 409)) expect(answer.body.message).toMatch(/already complete/);
  if (onPostgres) expect(await installation.counts()).toEqual({ organizations: 1, departments: 1, users: 1, tokens: 1 });

  const { body, input } = winner;
  expect(body.user).toMatchObject({ name: input.admin.name, email: input.admin.email, role: "account_admin", department_id: null, active: true });
  expect(body.user.last_login_at).not.toBeNull();
  expect(body.token).toMatch(/^\d+\|/);
  for (const client of clients) {
    const me = await client.get("/api/user", body.token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: body.user.id, email: input.admin.email, role: "account_admin", organization_id: body.user.organization_id });
  }
  const organization = await clients[0].get("/api/organization", body.token);
  expect(organization.body).toMatchObject({ id: body.user.organization_id, name: input.organization.name, time_zone: "Europe/Paris" });
  const departments = await clients[0].get("/api/departments", body.token);
  expect(departments.body.data.map((d: { name: string }) => d.name)).toEqual(["Main"]);
  // The admin can staff it at once: an agent in the first department.
  const agent = await clients[0].post(
    "/api/users",
    { name: "First Agent", email: `first.agent.${Date.now()}@example.com`, password: "agent-password-1", role: "agent", department_id: departments.body.data[0].id },
    body.token,
  );
  expect(agent.status).toBe(201);
  // The password was kept: the admin signs in with it.
  const login = await clients[clients.length - 1].post("/api/login", { email: input.admin.email, password: input.admin.password });
  expect(login.status).toBe(200);
  expect(login.body.user.id).toBe(body.user.id);
  if (installation.database) {
    // Callbacks are signed from the first one: the organization has its signing secret, made with it.
    const client = new pg.Client({ connectionString: installation.database.url });
    await client.connect();
    const { rows } = await client.query("SELECT encrypted_secrets IS NOT NULL AS sealed FROM settings WHERE organization_id = $1 AND key = 'callback_signing'", [body.user.organization_id]);
    await client.end();
    expect(rows).toEqual([{ sealed: true }]);
  }

  // Once a user exists setup is not needed, and another attempt is 409 and changes nothing.
  for (const client of clients) expect((await client.get("/api/setup")).body).toEqual({ needed: false });
  const before = onPostgres ? await installation.counts() : undefined;
  for (const client of clients) {
    const again = await client.post("/api/setup", valid("late"));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already complete/);
  }
  expect((await clients[0].post("/api/login", { email: valid("late").admin.email, password: valid("late").admin.password })).status).toBe(422);
  const unchanged = await clients[0].get("/api/organization", body.token);
  expect(unchanged.body.name).toBe(input.organization.name);
  if (onPostgres) expect(await installation.counts()).toEqual(before);
}
