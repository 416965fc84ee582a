import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { api, loginAs } from "../support/api";
import { createTenant, FACTORY_PASSWORD } from "../support/factories";
import { connectToTestDatabase } from "../support/test-database";

// Two server processes were started at the same moment on one empty
// PostgreSQL database (e2e/support/global-setup.mjs): they must behave as one.
const first = () => api(inject("baseUrl"));
const second = () => api(inject("secondBaseUrl"));
const db = connectToTestDatabase();

describe("two server processes on one PostgreSQL", () => {
  it("applied each migration exactly once, recorded as Prisma Migrate records it", async () => {
    const dir = path.join(process.cwd(), "prisma", "migrations");
    const files = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    const { rows } = await db.query(`SELECT migration_name, checksum, finished_at, applied_steps_count, rolled_back_at FROM _prisma_migrations ORDER BY migration_name`);
    expect(rows.map((r) => r.migration_name)).toEqual(files);
    for (const row of rows) {
      const sql = readFileSync(path.join(dir, row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it("loaded the demo data once", async () => {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM users WHERE email = 'super@example.com'`);
    expect(rows[0].n).toBe(1);
    const orgs = await db.query(`SELECT count(*)::int AS n FROM organizations WHERE name IN ('Acme', 'Globex')`);
    expect(orgs.rows[0].n).toBe(2);
  });

  it("a token issued by one process works on the other, and logout on either ends it", async () => {
    const token = await loginAs(first(), "agent1@acme.example.com");
    expect((await second().get("/api/user", token)).status).toBe(200);
    expect((await second().post("/api/logout", undefined, token)).status).toBe(200);
    expect((await first().get("/api/user", token)).status).toBe(401);
  });

  it("shares the login rate limit between processes", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    const email = tenant.agentA.email;
    for (let i = 0; i < 3; i++) expect((await first().post("/api/login", { email, password: "nope" })).status).toBe(422);
    for (let i = 0; i < 2; i++) expect((await second().post("/api/login", { email, password: "nope" })).status).toBe(422);
    expect((await first().post("/api/login", { email, password: FACTORY_PASSWORD })).status).toBe(429);
    expect((await second().post("/api/login", { email, password: FACTORY_PASSWORD })).status).toBe(429);
  });

  it("an expired token is refused with 401", async () => {
    const token = await loginAs(first(), "agent2@acme.example.com");
    expect((await second().get("/api/user", token)).status).toBe(200);
    await db.query(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [Number(token.split("|")[0])]);
    const response = await second().get("/api/user", token);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: "Unauthenticated." });
  });

  it("stores only a hash of each token and of each password", async () => {
    const token = await loginAs(first(), "agent3@acme.example.com");
    const [id, secret] = token.split("|");
    const { rows } = await db.query(`SELECT token_hash FROM api_tokens WHERE id = $1`, [Number(id)]);
    expect(rows[0].token_hash).toBe(createHash("sha256").update(secret).digest("hex"));
    const users = await db.query(`SELECT password_hash FROM users WHERE email = 'agent3@acme.example.com'`);
    // bcrypt at the cost the server is set to (PASSWORD_HASH_COST: 4 on test servers, 10 unless set).
    expect(users.rows[0].password_hash).toMatch(/^\$2[aby]\$04\$/);
  });
});
