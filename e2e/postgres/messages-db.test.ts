import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_DAY } from "../support/campaigns";
import { createTenant, type Tenant } from "../support/factories";
import { conversationWith, sentToProvider, sentToProviderAtLeast, textingTenant } from "../support/messages";

// A campaign's text held through quiet hours goes out when they end, on the
// job queue. The test brings the end forward in pg-boss's own table rather
// than waiting for the clock.

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject("databaseUrl") });
  await db.connect();
});
afterAll(() => db.end());

async function heldCampaignText(tenant: Tenant, to: string) {
  await textingTenant(tenant);
  const clock = (offsetMinutes: number) => new Date(Date.now() + offsetMinutes * 60_000).toISOString().slice(11, 16);
  expect((await tenant.client.request("PUT", "/api/settings/sms", { token: tenant.managerA.token, body: { quiet_hours: { start: clock(-30), end: clock(30) }, time_zone: "UTC" } })).status).toBe(200);
  const campaign = await tenant.client.post("/api/campaigns", { name: "Held texts", calling_window: ALL_DAY, selection: { tags: ["spring"] } }, tenant.managerA.token);
  const held = await tenant.client.post("/api/messages", { to, body: "Our spring sale starts today", campaign_id: campaign.body.id }, tenant.managerA.token);
  expect(held.body.status).toBe("held");
  return held.body as { id: number };
}

async function quietHoursEnd(messageId: number) {
  const { rowCount } = await db.query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'message-release' AND data->>'message_id' = $1 AND state = 'created'`, [String(messageId)]);
  expect(rowCount).toBe(1);
}

async function lastStatus(tenant: Tenant, to: string, until: (status: string) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const row = await conversationWith(tenant, to, tenant.managerA.token);
    if (until(row.last_message.status) || Date.now() > deadline) return row.last_message.status as string;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("texts held through quiet hours", () => {
  it("go out once when quiet hours end", async () => {
    const tenant = await createTenant();
    const to = "+99912340001";
    const held = await heldCampaignText(tenant, to);
    expect(await sentToProvider(to)).toHaveLength(0);
    await quietHoursEnd(held.id);
    expect(await lastStatus(tenant, to, (s) => s !== "held")).toBe("queued");
    const sent = await sentToProviderAtLeast(to, 1);
    expect(sent).toHaveLength(1);
    expect(sent[0].Body).toBe("Our spring sale starts today");
  });

  it("are not sent to a number that replied STOP meanwhile", async () => {
    const tenant = await createTenant();
    const to = "+99912340002";
    const held = await heldCampaignText(tenant, to);
    const { incoming } = await textingTenant(tenant);
    expect((await incoming(to, "STOP")).status).toBe(200);
    await quietHoursEnd(held.id);
    const deadline = Date.now() + 10_000;
    let status = "held";
    // Released, the text is queued, then its send finds the opt-out: wait for where it ends.
    while ((status === "held" || status === "queued") && Date.now() < deadline) {
      const thread = await tenant.client.get(`/api/conversations/${(await conversationWith(tenant, to, tenant.managerA.token)).id}/messages`, tenant.managerA.token);
      status = thread.body.data.find((m: { id: number }) => m.id === held.id).status;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe("failed");
    expect(await sentToProvider(to)).toHaveLength(0);
  });
});
