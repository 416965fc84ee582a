import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, inject, it } from "vitest";
import { createTenant } from "../support/factories";
import pg from "pg";
import { createTestDatabase, startServer } from "../support/server.mjs";
import { connectToTestDatabase } from "../support/test-database";

// Issue 24: delivery records do not pile up for ever. Every server process
// sweeps finished deliveries older than 30 days at start and hourly; pending
// ones (still inside their retries) and recent ones stay.
const db = connectToTestDatabase();

describe("old webhook deliveries", () => {
  it("are swept when finished and 30 days old; pending and recent ones stay", async () => {
    const tenant = await createTenant();
    const created = await tenant.client.post("/api/webhooks", { url: "http://127.0.0.1:9/hooks", events: ["contact.created"] }, tenant.admin.token);
    expect(created.status).toBe(201);
    const { rows } = await db.query(
      `INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_type, message_id, dedupe_key, payload, status, next_attempt_at, created_at)
       SELECT $1, organization_id, 'contact.created', 'msg_sweep_' || k, 'sweep:' || k, '{}'::jsonb, s, now() + interval '1 day', now() - make_interval(days => d)
       FROM webhook_endpoints, (VALUES ('old-delivered', 'delivered', 31), ('old-failed', 'failed', 40), ('old-pending', 'pending', 31), ('recent', 'delivered', 29)) v(k, s, d)
       WHERE id = $1 RETURNING message_id`,
      [created.body.id],
    );
    expect(rows).toHaveLength(4);

    const server = await startServer({ databaseUrl: inject("databaseUrl"), label: "sweeper" });
    try {
      let left: string[] = [];
      for (let tries = 0; tries < 50; tries++) {
        left = (await db.query(`SELECT message_id FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY message_id`, [created.body.id])).rows.map((r) => r.message_id);
        if (left.length === 2) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(left).toEqual(["msg_sweep_old-pending", "msg_sweep_recent"]);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

// Issue 24: a fresh event is sent first and recorded once. A sender that died
// after recording some of an event's deliveries leaves its outbox row claimed;
// when the claim lapses another sender takes it and sends only what was not
// recorded (at least once, never lost, never sent again once recorded).
describe("an outbox row whose claim lapsed", () => {
  // On a database of its own, with a server of its own. On the suite's database every server
  // sends, including one that another file kills on purpose (offers-db's doomed server): one took
  // the row, sent it and died before recording it, and when its claim lapsed the row was sent
  // again, as at least once allows (a gate saw the event twice). Exactly once holds only among
  // servers that live.
  it("is sent to the endpoints with no recorded delivery, then recorded and removed", async () => {
    const database = await createTestDatabase(inject("databaseUrl"));
    const server = await startServer({ databaseUrl: database.url, label: "lapsed-claim" });
    const own = new pg.Client({ connectionString: database.url });
    await own.connect();
    const tenant = await createTenant(server.baseUrl);
    const hooks = await Promise.all([receiver(), receiver()]);
    try {
      const register = async (url: string) => (await tenant.client.post("/api/webhooks", { url, events: ["contact.updated"] }, tenant.admin.token)).body.id as number;
      const recorded = await register(hooks[0].url);
      const missing = await register(hooks[1].url);
      const eventId = String(9_000_000_000_000 + Math.floor(Math.random() * 1_000_000_000));
      // The recorded delivery first: the server's sender takes a lapsed row as soon as it
      // is there, and took it between the two statements once, before the delivery was recorded (issue 42).
      await own.query(
        `INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_type, message_id, dedupe_key, payload, status, attempts)
         VALUES ($1, $2, 'contact.updated', 'msg_' || $3, 'event:' || $3, '{}'::jsonb, 'delivered', 1)`,
        [recorded, tenant.organization.id, eventId],
      );
      await own.query(
        `INSERT INTO webhook_outbox (id, organization_id, event_type, payload, locked_until, claims)
         VALUES ($1, $2, 'contact.updated', '{"type": "contact.updated", "timestamp": "2026-11-26T00:00:00.000Z", "data": {"contact_id": 1}}', now() - interval '1 second', 1)`,
        [eventId, tenant.organization.id],
      );

      // Up to 30 s: on a loaded machine (the gate runs three files at a time) the lapsed claim's sweep took over 10 s (issue 42).
      let outbox = 1;
      for (let tries = 0; tries < 150 && (hooks[1].ids.length === 0 || outbox > 0); tries++) {
        await new Promise((r) => setTimeout(r, 200));
        outbox = (await own.query(`SELECT 1 FROM webhook_outbox WHERE id = $1`, [eventId])).rowCount ?? 0;
      }
      expect(hooks[1].ids).toEqual([`msg_${eventId}`]);
      expect(hooks[0].ids).toEqual([]);
      expect(outbox).toBe(0);
      const { rows } = await own.query(`SELECT endpoint_id, status, attempts, last_status_code FROM webhook_deliveries WHERE dedupe_key = 'event:' || $1 ORDER BY endpoint_id`, [eventId]);
      expect(rows).toEqual([
        { endpoint_id: recorded, status: "delivered", attempts: 1, last_status_code: null },
        { endpoint_id: missing, status: "delivered", attempts: 1, last_status_code: 200 },
      ]);
    } finally {
      hooks.forEach((hook) => hook.close());
      await own.end();
      await server.stop();
      await database.drop();
    }
  }, 120_000);
});

async function receiver() {
  const ids: string[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      ids.push(String(request.headers["webhook-id"]));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, ids, close: () => server.close() };
}
