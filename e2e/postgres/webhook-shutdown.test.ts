import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase, startServer } from "../support/server.mjs";

// Issue 24: a server that stops gracefully gives back the webhook deliveries it
// holds, so the next sender takes them at once instead of when the claims
// lapse; issue 60: what was answered meanwhile is recorded, not given back to
// be sent again. Each test on a database of its own, so that no other server
// claims them first.

const databases: Awaited<ReturnType<typeof createTestDatabase>>[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
});

/**
 * A server on a new database whose endpoint's receiver holds every request
 * unanswered (`held`), with `events` events sent to it and still out.
 */
async function sendsOut(label: string, events: number) {
  const database = await createTestDatabase(inject("databaseUrl"));
  databases.push(database);
  const server = await startServer({ databaseUrl: database.url, label });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const held: ServerResponse[] = [];
  let allHeld!: () => void;
  const arrived = new Promise<void>((resolve) => (allHeld = resolve));
  const receiver = createServer((request, response) => {
    request.resume();
    if (held.push(response) === events) allHeld();
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const close = async () => {
    held.forEach((response) => response.destroy());
    receiver.close();
    await db.end();
    await server.stop();
  };
  try {
    const login = await (
      await fetch(`${server.baseUrl}/api/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "admin@acme.example.com", password: "password" }) })
    ).json();
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const made = await fetch(`${server.baseUrl}/api/webhooks`, {
      method: "POST",
      headers: { Authorization: `Bearer ${login.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ url, events: ["contact.updated"] }),
    });
    expect(made.status).toBe(201);
    await db.query(
      `INSERT INTO events (organization_id, visibility, type, data)
       SELECT organization_id, 'department', 'contact.updated', jsonb_build_object('contact_id', g) FROM users, generate_series(1, $1::int) g
       WHERE email = 'admin@acme.example.com'`,
      [events],
    );
    // The sends arrive (the receiver says when the last one has), or the test's own time limit says they did not.
    await arrived;
    expect(held).toHaveLength(events);
  } catch (error) {
    await close();
    throw error;
  }
  return { server, db, held, close };
}

describe("a stopping server's webhook claims", () => {
  it("go back to waiting when the server stops, while their sends are still unanswered", async () => {
    const { server, db, close } = await sendsOut("webhook-shutdown", 5);
    const claims = async () => (await db.query(`SELECT count(*)::int AS waiting, count(locked_until)::int AS claimed FROM webhook_outbox`)).rows[0];
    try {
      expect(await claims()).toEqual({ waiting: 5, claimed: 5 });
      await server.stop();
      expect(await claims()).toEqual({ waiting: 5, claimed: 0 });
    } finally {
      await close();
    }
  }, 120_000);

  it("are recorded, not given back, when their answers come while the server stops: no other server sends them again", async () => {
    const { server, db, held, close } = await sendsOut("webhook-shutdown-answered", 3);
    try {
      // The stop has begun (the server no longer answers ready) while the sends are out; then the receiver answers.
      process.kill(server.pid!, "SIGTERM");
      for (
        let tries = 0;
        tries < 200 &&
        (await fetch(`${server.baseUrl}/api/ready`).then(
          (r) => r.status,
          () => 0,
        )) === 200;
        tries++
      )
        await new Promise((r) => setTimeout(r, 10));
      held.forEach((response) => response.writeHead(200).end());
      await server.stop();

      expect((await db.query(`SELECT count(*)::int AS n FROM webhook_outbox`)).rows[0].n).toBe(0);
      expect((await db.query(`SELECT status, attempts, last_status_code FROM webhook_deliveries`)).rows).toEqual(Array(3).fill({ status: "delivered", attempts: 1, last_status_code: 200 }));
    } finally {
      await close();
    }
  }, 120_000);
});
