import { describe, expect, inject, it } from "vitest";
import { api, loginAs } from "../support/api";
import { ALL_DAY, inHoursPhone, placedCalls } from "../support/campaigns";
import { makeContact } from "../support/contacts";
import { createTenant, FACTORY_PASSWORD } from "../support/factories";
import { giveNumber } from "../support/provider";

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
    await new Promise((r) => setTimeout(r, 1500)); // any late double dial would show now
    dialed = (await placedCalls()).filter((c) => c.From === number && phones.has(c.To));
    expect(dialed).toHaveLength(agents.length); // one line per agent, no more
    expect(new Set(dialed.map((c) => c.To)).size).toBe(dialed.length); // nobody twice

    const members = (await tenant.client.get(`/api/campaigns/${created.body.id}/contacts?state=dialing&per_page=100`, tenant.managerA.token)).body.data;
    const assigned = members.map((m: { assigned_user_id: number }) => m.assigned_user_id);
    expect(members).toHaveLength(agents.length);
    expect(new Set(assigned).size).toBe(agents.length); // every agent has exactly one call
  });
});
