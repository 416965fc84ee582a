import { describe, expect, inject, it } from "vitest";
import { createTenant } from "../support/factories";
import { startServer } from "../support/server.mjs";
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
