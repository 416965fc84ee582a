import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { api, loginAs, suiteUrl } from "../support/api";
import { createTenant, FACTORY_PASSWORD } from "../support/factories";
import { startServer, startServers } from "../support/server.mjs";

describe("login", () => {
  it.each(["/api/login", "/api/auth/login"])("%s returns the user and an opaque bearer token", async (path) => {
    const client = api();
    const response = await client.post(path, { email: "admin@acme.example.com", password: "password" });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({
      email: "admin@acme.example.com",
      role: "account_admin",
      name: expect.any(String),
      id: expect.any(Number),
      organization_id: expect.any(Number),
      department_id: null,
    });
    expect(response.body.user).not.toHaveProperty("password_hash");
    expect(response.body.token).toMatch(/^\d+\|[A-Za-z0-9_-]{40,}$/);
    const me = await client.get("/api/user", response.body.token);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe("admin@acme.example.com");
  });

  it("accepts any letter case and surrounding spaces in the email", async () => {
    const response = await api().post("/api/login", { email: "  Agent1@Acme.Example.com ", password: "password" });
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe("agent1@acme.example.com");
  });

  it("answers 422 with errors.email for wrong credentials and for unknown accounts", async () => {
    const client = api();
    for (const body of [
      { email: "admin@acme.example.com", password: "wrong" },
      { email: "nobody@example.com", password: "password" },
    ]) {
      const response = await client.post("/api/login", body);
      expect(response.status).toBe(422);
      expect(response.body.message).toEqual(expect.any(String));
      expect(response.body.errors.email).toHaveLength(1);
    }
  });

  it("answers 422 naming each missing field, and for malformed JSON", async () => {
    const client = api();
    const missing = await client.post("/api/login", {});
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe("The given data was invalid.");
    expect(Object.keys(missing.body.errors).sort()).toEqual(["email", "password"]);

    const malformed = await client.request("POST", "/api/login", { raw: '{"email": ', headers: { "Content-Type": "application/json" } });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.body).toBeDefined();

    const wrongType = await client.post("/api/login", { email: 42, password: ["x"] });
    expect(wrongType.status).toBe(422);
  });

  it("limits repeated failures per email with 429 and Retry-After, even for the right password", async () => {
    const tenant = await createTenant();
    const attempts = [];
    // Each attempt from a different address: the limit follows the email.
    for (let i = 0; i < 5; i++) attempts.push((await api().post("/api/login", { email: tenant.agentA.email, password: "nope" })).status);
    expect(attempts).toEqual([422, 422, 422, 422, 422]);
    const blocked = await api().post("/api/login", { email: tenant.agentA.email, password: FACTORY_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.body.message).toEqual(expect.any(String));
    // Other accounts are unaffected.
    expect((await api().post("/api/login", { email: tenant.agentB.email, password: FACTORY_PASSWORD })).status).toBe(200);
  });

  it("limits repeated failures per client address across emails", async () => {
    const client = api();
    let last = 0;
    for (let i = 0; i < 50; i++) last = (await client.post("/api/login", { email: `ghost${i}@example.com`, password: "x" })).status;
    expect(last).toBe(422);
    const blocked = await client.post("/api/login", { email: "agent2@acme.example.com", password: "password" });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    // The same account from another address still gets in.
    expect((await api().post("/api/login", { email: "agent2@acme.example.com", password: "password" })).status).toBe(200);
  });

  it("a successful login clears earlier failures for that email", async () => {
    const tenant = await createTenant();
    for (let i = 0; i < 4; i++) await api().post("/api/login", { email: tenant.agentA.email, password: "nope" });
    expect((await api().post("/api/login", { email: tenant.agentA.email, password: FACTORY_PASSWORD })).status).toBe(200);
    for (let i = 0; i < 4; i++) await api().post("/api/login", { email: tenant.agentA.email, password: "nope" });
    expect((await api().post("/api/login", { email: tenant.agentA.email, password: FACTORY_PASSWORD })).status).toBe(200);
  });
});

// Issue 40: attempts arriving together, spread over every server (two on
// PostgreSQL), each counted before any password is checked.
describe("login under concurrency", () => {
  const servers = [suiteUrl(), inject("secondBaseUrl")].filter(Boolean);
  const statuses = (answers: { status: number }[]) => answers.map((a) => a.status);
  const count = (list: number[], status: number) => list.filter((s) => s === status).length;

  it("30 wrong passwords at once for one email: at most the limit (5) are checked, the rest get 429", async () => {
    const tenant = await createTenant();
    const answers = statuses(await Promise.all(Array.from({ length: 30 }, (_, i) => api(servers[i % servers.length]).post("/api/login", { email: tenant.agentA.email, password: `nope-${i}` }))));
    expect(
      answers.every((s) => s === 422 || s === 429),
      answers.join(","),
    ).toBe(true);
    expect(count(answers, 422)).toBeLessThanOrEqual(5);
    expect(count(answers, 429)).toBeGreaterThanOrEqual(25);
    expect((await api().post("/api/login", { email: tenant.agentA.email, password: FACTORY_PASSWORD })).status).toBe(429);
  }, 60_000);

  it("120 logins at once with different emails from one address: no more than the address limit (50) get past it", async () => {
    const address = api().address;
    const answers = statuses(
      await Promise.all(Array.from({ length: 120 }, (_, i) => api(servers[i % servers.length], address).post("/api/login", { email: `crowd${i}-${address}@example.com`, password: "x" }))),
    );
    // 503: past the limit but refused by a full password line (not expected at this size, and counted as past it).
    expect(
      answers.every((s) => s === 422 || s === 429 || s === 503),
      answers.join(","),
    ).toBe(true);
    expect(answers.length - count(answers, 429)).toBeLessThanOrEqual(50);
    expect(count(answers, 429)).toBeGreaterThanOrEqual(70);
    expect((await api(servers[0], address).post("/api/login", { email: "agent2@acme.example.com", password: "password" })).status).toBe(429);
  }, 90_000); // 50 bcrypt checks: tens of seconds on a busy two-core machine
});

// Servers hashing at production's cost (10; the suite's servers use 4): what is
// measured here is the hashing work itself.
describe("servers checking passwords at production's cost", () => {
  const FULL_COST = { PASSWORD_HASH_COST: "10" };
  let full: Awaited<ReturnType<typeof startServer>>;
  // One thread and a line of two, so a handful of logins at once fills it.
  let busy: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    const databaseUrl = inject("databaseUrl") || undefined;
    // Each kept as it starts, so one that fails leaves no server behind (one did, and ran on after the run).
    const started = await startServers([
      { databaseUrl, label: "full-cost", env: FULL_COST },
      { databaseUrl, label: "busy", env: { ...FULL_COST, PASSWORD_HASH_THREADS: "1", PASSWORD_HASH_QUEUE: "2" } },
    ]);
    [full, busy] = started.map((each) => (each.status === "fulfilled" ? each.value : undefined!));
    const failed = started.find((each) => each.status === "rejected");
    if (failed) throw failed.reason;
  }, 120_000);
  afterAll(async () => {
    await Promise.all([full?.stop(), busy?.stop()]);
  });

  it("wrong passwords from many addresses at once do not hold up other users' requests (hashing is off the request thread)", async () => {
    const tenant = await createTenant(full.baseUrl);
    const client = api(full.baseUrl);
    const token = await loginAs(client, tenant.agentB.email, FACTORY_PASSWORD);
    // Each from its own address and email, so every one reaches the password check: seconds of bcrypt
    // (0.1-0.4 s each here at cost 10), which on the request thread held every other request until most were done.
    let flooding = true;
    const floodStarted = performance.now();
    const flood = Promise.all(Array.from({ length: 30 }, (_, i) => api(full.baseUrl).post("/api/login", { email: `flood${i}-${client.address}@example.com`, password: "x" }))).finally(() => {
      flooding = false;
    });
    const latencies: number[] = [];
    while (flooding) {
      const started = performance.now();
      expect((await client.get("/api/user", token)).status).toBe(200);
      latencies.push(performance.now() - started);
    }
    const answers = (await flood).map((a) => a.status);
    const floodMs = performance.now() - floodStarted;
    expect(
      answers.every((s) => s === 422 || s === 503),
      answers.join(","),
    ).toBe(true);
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    // Held by hashing on the request thread, a request waits out most of the flood; off it, a
    // fraction. Measured against the flood's own length: a loaded machine stretches both (a
    // profiled run: 1.15 s against a flood of many seconds).
    expect(Math.max(...latencies), `flood ${floodMs.toFixed(0)} ms`).toBeLessThan(Math.max(1000, floodMs / 3));
  }, 90_000);

  it("refuses further logins at once with 503, Retry-After and a message, and checks the ones it took", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => api(busy.baseUrl).post("/api/login", { email: `busy${i}-${Date.now()}@example.com`, password: "x" })));
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 422 || s === 503),
      statuses.join(","),
    ).toBe(true);
    expect(statuses.filter((s) => s === 422).length).toBeGreaterThanOrEqual(3);
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) {
      expect(answer.headers.get("retry-after")).toBe("1");
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
  });
});

describe("bearer tokens", () => {
  it("answers exactly 401 Unauthenticated. for missing, malformed and unknown tokens", async () => {
    const client = api();
    const token = await loginAs(client, "agent1@acme.example.com");
    const [id] = token.split("|");
    for (const header of [undefined, "Bearer", "Basic abc", `Bearer ${id}|${"x".repeat(43)}`, `Bearer 999999|${token.split("|")[1]}`, `Bearer ${token}x`]) {
      const response = await client.request("GET", "/api/user", { headers: header ? { Authorization: header } : {} });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: "Unauthenticated." });
    }
  });

  it("requests arriving together each get their own user (token checks share a statement)", async () => {
    const client = api();
    const emails = ["agent1@acme.example.com", "agent2@acme.example.com", "sales.manager@acme.example.com", "admin@globex.example.com"];
    const tokens = await Promise.all(emails.map((email) => loginAs(client, email)));
    const [id] = tokens[0].split("|");
    const forged = `${id}|${tokens[1].split("|")[1]}`; // a real id with another token's secret
    const requests = [...tokens, ...tokens, forged].map((token) => client.get("/api/user", token));
    const answers = await Promise.all(requests);
    expect(answers.map((answer) => answer.body.email ?? answer.status)).toEqual([...emails, ...emails, 401]);
  });

  it("logout revokes only the token used", async () => {
    const client = api();
    const first = await loginAs(client, "agent3@acme.example.com");
    const second = await loginAs(client, "agent3@acme.example.com");
    const logout = await client.post("/api/logout", undefined, first);
    expect(logout.status).toBe(200);
    expect((await client.get("/api/user", first)).status).toBe(401);
    expect((await client.post("/api/logout", undefined, first)).status).toBe(401);
    expect((await client.get("/api/user", second)).status).toBe(200);
  });

  it("a deactivated user's tokens stop working and they cannot log in", async () => {
    const tenant = await createTenant();
    const { client } = tenant;
    expect((await client.delete(`/api/users/${tenant.agentA.id}`, tenant.admin.token)).status).toBe(204);
    expect((await client.get("/api/user", tenant.agentA.token)).status).toBe(401);
    expect((await api().post("/api/login", { email: tenant.agentA.email, password: FACTORY_PASSWORD })).status).toBe(422);
  });

  it("every protected route refuses a request without a token", async () => {
    const client = api();
    const routes: [string, string][] = [
      ["GET", "/api/user"],
      ["POST", "/api/logout"],
      ["GET", "/api/users"],
      ["POST", "/api/users"],
      ["GET", "/api/users/1"],
      ["PATCH", "/api/users/1"],
      ["DELETE", "/api/users/1"],
      ["GET", "/api/departments"],
      ["POST", "/api/departments"],
      ["GET", "/api/organizations"],
      ["POST", "/api/organizations"],
    ];
    for (const [method, path] of routes) {
      const body = method === "GET" ? {} : { raw: "{}", headers: { "Content-Type": "application/json" } };
      const response = await client.request(method, path, body);
      expect({ method, path, status: response.status, body: response.body }).toEqual({ method, path, status: 401, body: { message: "Unauthenticated." } });
    }
  });
});
