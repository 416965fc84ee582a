import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestDatabase, startServer } from "../support/server.mjs";

// GET /api/ready asks the database at every probe (issue 41, point 4): a
// server whose PostgreSQL database goes away answers 503 within seconds, and
// 200 again once it is back, without a restart. On a server and a database of
// this test's own: the database refuses connections (ALLOW_CONNECTIONS false,
// which binds superusers too, unlike CONNECTION LIMIT) and the server's are
// ended, then it takes them again.

async function readiness(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/ready`, { signal: AbortSignal.timeout(5000) });
  return { status: response.status, body: await response.json() };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return { value, ms: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("GET /api/ready and the PostgreSQL database", () => {
  it("answers 503 within seconds when the database stops taking connections, and 200 again when it takes them", async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const database = await createTestDatabase(adminUrl);
    const name = new URL(database.url).pathname.slice(1);
    const server = await startServer({ databaseUrl: database.url, label: "readiness-db" });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      expect(await readiness(server.baseUrl)).toEqual({ status: 200, body: { status: "ready", checks: { database: "ok", migrations: "ok", workers: "ok" } } });

      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
      const down = await waitFor(
        () => readiness(server.baseUrl),
        (r) => r.status === 503,
        5000,
      );
      expect(down.value).toEqual({ status: 503, body: { status: "not_ready", checks: { database: "failing", migrations: "ok", workers: "ok" } } });
      expect(down.ms).toBeLessThan(5000);
      // Still alive: liveness does not ask the database, so nothing restarts a server that waits for it.
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);

      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      const up = await waitFor(
        () => readiness(server.baseUrl),
        (r) => r.status === 200,
        10_000,
      );
      expect(up.value).toEqual({ status: 200, body: { status: "ready", checks: { database: "ok", migrations: "ok", workers: "ok" } } });
      // And it serves again: a sign-in reads and writes the database.
      const login = await fetch(`${server.baseUrl}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.250.1.1" },
        body: JSON.stringify({ email: "agent1@acme.example.com", password: "password" }),
      });
      expect(login.status).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end();
      await server.stop();
      await database.drop();
    }
  }, 120_000);
});
