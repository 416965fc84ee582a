import { describe, expect, inject, it } from "vitest";
import { api, loginAs } from "../support/api";
import { ALL_DAY, campaignState, inHoursPhone, placedCalls, waitForCalls } from "../support/campaigns";
import { makeContact } from "../support/contacts";
import { createTenant, FACTORY_PASSWORD } from "../support/factories";
import { giveNumber } from "../support/provider";
import { connectToTestDatabase } from "../support/test-database";

// Two server processes run the engine on one PostgreSQL: every agent that
// turns Available kicks a tick in the process it spoke to, so both processes
// dial the same campaign at the same time. No contact may be dialed twice,
// and no agent may be given two calls.
describe("the campaign engine across processes", () => {
  it("two processes dialing one campaign never dial a contact twice nor overbook an agent", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    const number = await giveNumber(tenant);
    const tag = `twin-${Date.now()}`;
    const contacts = await Promise.all(Array.from({ length: 40 }, (_, i) => makeContact(tenant, { name: `Twin ${i}`, tags: [tag], phone: inHoursPhone() })));
    const created = await tenant.client.post(
      "/api/campaigns",
      { name: "Twin dialers", selection: { tags: [tag] }, dialing_mode: "progressive", caller_id: number, calling_window: ALL_DAY, pacing: { max_ratio: 1, max_calls_per_minute: 600 } },
      tenant.managerA.token,
    );
    expect(created.status).toBe(201);
    expect((await tenant.client.post(`/api/campaigns/${created.body.id}/start`, {}, tenant.managerA.token)).status).toBe(200);

    const servers = [api(inject("baseUrl")), api(inject("secondBaseUrl"))];
    const agents = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const email = `twin-agent-${i}.${Date.now()}@factory.test`;
        const user = await tenant.client.post("/api/users", { name: `Twin agent ${i}`, email, password: FACTORY_PASSWORD, role: "agent", department_id: tenant.departments.a.id }, tenant.admin.token);
        return { id: user.body.id as number, token: await loginAs(servers[i % 2], email, FACTORY_PASSWORD), server: servers[i % 2] };
      }),
    );
    await Promise.all(agents.map((agent) => agent.server.post("/api/agent/status", { status: "available" }, agent.token)));

    const phones = new Set(contacts.map((c) => c.phone));
    let dialed: { To: string; Url: string }[] = [];
    // Up to 20 s, ended as soon as every agent's line is dialed.
    for (let i = 0; i < 200; i++) {
      dialed = (await placedCalls()).filter((c) => c.From === number && phones.has(c.To));
      if (dialed.length >= agents.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // No later dial can come without a claim: a tick claims a contact with an agent it reserves (one
    // transaction) and dials after. Every agent now holds a line, so no tick can open another; every
    // claim made is in the campaign's list, dialed or about to be. So the claims are read first, then
    // the calls: a late double dial would be a thirteenth claim, or a second of one agent's.
    const statuses = await Promise.all(agents.map(async (agent) => (await agent.server.get("/api/agent/status", agent.token)).body.status));
    expect(statuses.filter((status) => status === "available")).toEqual([]);
    const members = (await tenant.client.get(`/api/campaigns/${created.body.id}/contacts?state=dialing&per_page=100`, tenant.managerA.token)).body.data;
    const assigned = members.map((m: { assigned_user_id: number }) => m.assigned_user_id);
    expect(members).toHaveLength(agents.length);
    expect(new Set(assigned).size).toBe(agents.length); // every agent has exactly one call

    dialed = (await placedCalls()).filter((c) => c.From === number && phones.has(c.To));
    expect(dialed).toHaveLength(agents.length); // one line per agent, no more
    expect(new Set(dialed.map((c) => c.To)).size).toBe(dialed.length); // nobody twice
  });
});

// A tick claims a contact and reserves its agent in one transaction, then
// dials outside it: a server killed in between (as offers-db kills one on this
// database) left the contact dialing with no call and the agent busy with
// none, for good, and the campaign never finished. That state is written here
// as the killed server left it, ninety seconds old.
describe("a dial lost with its server", () => {
  const db = connectToTestDatabase();

  it("is settled as a failed attempt by the next tick, and its agent is given the next contact", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    const number = await giveNumber(tenant);
    const tag = `lost-${Date.now()}`;
    const lost = await makeContact(tenant, { name: "Lost dial", tags: [tag], phone: inHoursPhone() });
    const next = await makeContact(tenant, { name: "Next dial", tags: [tag], phone: inHoursPhone() });
    const created = await tenant.client.post(
      "/api/campaigns",
      { name: "Lost dials", selection: { tags: [tag] }, dialing_mode: "progressive", caller_id: number, calling_window: ALL_DAY, max_attempts: 1 },
      tenant.managerA.token,
    );
    expect(created.status).toBe(201);
    // Nobody is Available: the campaign runs and dials nothing.
    expect((await tenant.client.post(`/api/campaigns/${created.body.id}/start`, {}, tenant.managerA.token)).status).toBe(200);
    // One statement: a tick between two writes settled the dial before its agent was reserved, and left her busy for good.
    await db.query(
      `WITH lost AS (
         UPDATE campaign_contacts SET state = 'dialing', attempts = 1, last_attempt_at = now() - interval '100 seconds', last_call_sid = NULL, assigned_user_id = $3
         WHERE campaign_id = $1 AND contact_id = $2 RETURNING 1)
       INSERT INTO agent_statuses (user_id, organization_id, status, current_call_sid, changed_at) SELECT $3, $4, 'busy', NULL, now() - interval '100 seconds' FROM lost
       ON CONFLICT (user_id) DO UPDATE SET status = 'busy', current_call_sid = NULL, changed_at = EXCLUDED.changed_at, resume_status = NULL`,
      [created.body.id, lost.id, tenant.agentA.id, tenant.organization.id],
    );

    // The running campaign ticks every few seconds: one settles the lost dial and frees the agent, a later one dials the next contact for them.
    const [dialed] = await waitForCalls(next.phone, 1, 30_000, campaignState(tenant, created.body.id, [tenant.agentA]));
    expect(dialed.From).toBe(number);
    const members = (await tenant.client.get(`/api/campaigns/${created.body.id}/contacts?per_page=10`, tenant.managerA.token)).body.data as {
      contact_id: number;
      state: string;
      last_outcome: string | null;
      attempts: number;
      assigned_user_id: number | null;
    }[];
    expect(members.find((m) => m.contact_id === lost.id)).toMatchObject({ state: "done", last_outcome: "failed", attempts: 1 });
    expect(members.find((m) => m.contact_id === next.id)).toMatchObject({ state: "dialing", assigned_user_id: tenant.agentA.id });
    expect(await placedCalls(lost.phone)).toEqual([]);
  }, 60_000);
});
