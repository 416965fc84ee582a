import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase, startServer } from "../support/server.mjs";

// Issue 24: a server that stops gracefully gives back the webhook deliveries it
// holds, so the next sender takes them at once instead of when the claims
// lapse. On a database of its own, so that no other server claims them first.

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let answeredDatabase: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
afterAll(async () => {
  await database?.drop();
  await answeredDatabase?.drop();
});

describe("a stopping server's webhook claims", () => {
  it("go back to waiting when the server stops, while their sends are still unanswered", async () => {
    database = await createTestDatabase(inject("databaseUrl"));
    const server = await startServer({ databaseUrl: database.url, label: "webhook-shutdown" });
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    // The receiver never answers: the sends stay out, and so do their claims.
    const held: ServerResponse[] = [];
    const receiver = createServer((request, response) => {
      request.resume();
      held.push(response);
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const claims = async () => (await db.query(`SELECT count(*)::int AS waiting, count(locked_until)::int AS claimed FROM webhook_outbox`)).rows[0];
    try {
      const login = await (await fetch(`${server.baseUrl}/api/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "admin@acme.example.com", password: "password" }) })).json();
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const made = await fetch(`${server.baseUrl}/api/webhooks`, { method: "POST", headers: { Authorization: `Bearer ${login.token}`, "Content-Type": "application/json" }, body: JSON.stringify({ url, events: ["contact.updated"] }) });
      expect(made.status).toBe(201);
      await db.query(
        `INSERT INTO events (organization_id, visibility, type, data)
         SELECT organization_id, 'department', 'contact.updated', jsonb_build_object('contact_id', g) FROM users, generate_series(1, 5) g
         WHERE email = 'admin@acme.example.com'`,
      );
      for (let tries = 0; tries < 100 && held.length < 5; tries++) await new Promise((r) => setTimeout(r, 100));
      expect(held).toHaveLength(5);
      expect(await claims()).toEqual({ waiting: 5, claimed: 5 });

      await server.stop();
      expect(await claims()).toEqual({ waiting: 5, claimed: 0 });
    } finally {
      held.forEach((response) => response.destroy());
      receiver.close();
      await db.end();
      await server.stop();
    }
  }, 120_000);

  it("are recorded, not given back, when their answers come while the server stops: no other server sends them again", async () => {
    answeredDatabase = await createTestDatabase(inject("databaseUrl"));
    const server = await startServer({ databaseUrl: answeredDatabase.url, label: "webhook-shutdown-answered" });
    const db = new pg.Client({ connectionString: answeredDatabase.url });
    await db.connect();
    const held: ServerResponse[] = [];
    const receiver = createServer((request, response) => {
      request.resume();
      held.push(response);
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const login = await (await fetch(`${server.baseUrl}/api/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "admin@acme.example.com", password: "password" }) })).json();
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const made = await fetch(`${server.baseUrl}/api/webhooks`, { method: "POST", headers: { Authorization: `Bearer ${login.token}`, "Content-Type": "application/json" }, body: JSON.stringify({ url, events: ["contact.updated"] }) });
      expect(made.status).toBe(201);
      await db.query(
        `INSERT INTO events (organization_id, visibility, type, data)
         SELECT organization_id, 'department', 'contact.updated', jsonb_build_object('contact_id', g) FROM users, generate_series(1, 3) g
         WHERE email = 'admin@acme.example.com'`,
      );
      for (let tries = 0; tries < 100 && held.length < 3; tries++) await new Promise((r) => setTimeout(r, 100));
      expect(held).toHaveLength(3);

      // The stop has begun (the server no longer answers ready) while the sends are out; then the receiver answers.
      process.kill(server.pid!, "SIGTERM");
      for (let tries = 0; tries < 200 && (await fetch(`${server.baseUrl}/api/ready`).then((r) => r.status, () => 0)) === 200; tries++) await new Promise((r) => setTimeout(r, 10));
      held.forEach((response) => response.writeHead(200).end());
      await server.stop();

      expect((await db.query(`SELECT count(*)::int AS n FROM webhook_outbox`)).rows[0].n).toBe(0);
      expect((await db.query(`SELECT status, attempts, last_status_code FROM webhook_deliveries`)).rows).toEqual(Array(3).fill({ status: "delivered", attempts: 1, last_status_code: 200 }));
    } finally {
      held.forEach((response) => response.destroy());
      receiver.close();
      await db.end();
      await server.stop();
    }
  }, 120_000);
});
