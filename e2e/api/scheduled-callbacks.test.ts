import { describe, expect, it } from "vitest";
import { api, loginAs } from "../support/api";
import { makeContact } from "../support/contacts";
import { inHoursPhone, outOfHoursPhone } from "../support/daytime-phones";
import { createTenant, FACTORY_PASSWORD, type Tenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";

// Issue 44, point 7: scheduled callbacks. Due, a callback is offered to its
// owner first, then (after the queue's offer timeout) to the queue's agents;
// accepting it dials the contact; one not reached stays in the follow-ups.

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
const available = async (tenant: Tenant, token: string) => expect((await tenant.client.post("/api/agent/status", { status: "available" }, token)).status).toBe(200);

async function colleagueOfA(tenant: Tenant) {
  const email = `a2.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@factory.test`;
  const user = await tenant.client.post("/api/users", { name: "Colleague A2", email, password: FACTORY_PASSWORD, role: "agent", department_id: tenant.departments.a.id }, tenant.admin.token);
  expect(user.status).toBe(201);
  return { id: user.body.id as number, token: await loginAs(api(), email, FACTORY_PASSWORD) };
}

async function offerOf(tenant: Tenant, token: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [offer] = (await tenant.client.get("/api/offers", token)).body.data;
    if (offer || Date.now() > deadline) return offer;
    await pause(100);
  }
}

describe("scheduled callbacks", () => {
  it("refuses what cannot be called: another department's contact, a past time, a time outside the contact's calling hours, an owner not the agent's to name", async () => {
    const tenant = await createTenant();
    const ours = await makeContact(tenant, { phone: inHoursPhone() });
    const theirs = await makeContact(tenant, { phone: inHoursPhone() }, tenant.managerB.token);
    const night = await makeContact(tenant, { phone: outOfHoursPhone() });
    const schedule = (body: unknown, token = tenant.agentA.token) => tenant.client.post("/api/callbacks", body, token);
    const cases: [unknown, string][] = [
      [{ contact_id: theirs.id, at: soon(60_000) }, "contact_id"],
      [{ contact_id: ours.id, at: soon(-3_600_000) }, "at"],
      [{ contact_id: ours.id, at: "tomorrow at noon" }, "at"],
      [{ contact_id: night.id, at: soon(60_000) }, "at"],
      [{ contact_id: ours.id, at: soon(60_000), owner_id: tenant.agentB.id }, "owner_id"],
      [{ contact_id: ours.id, at: soon(60_000), queue_id: 999_999 }, "queue_id"],
    ];
    for (const [body, field] of cases) {
      const refused = await schedule(body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(refused.body.errors), JSON.stringify(refused.body)).toContain(field);
    }
    expect((await schedule({ contact_id: night.id, at: soon(60_000) })).body.errors.at[0]).toMatch(/outside the contact's calling hours .* it would be \d\d:\d\d in /);
    expect((await tenant.client.get("/api/callbacks", tenant.admin.token)).body.data).toEqual([]);
  });

  it("due, it is offered to its owner first even in a pick queue; accepting dials the contact; not reached, it stays in the follow-ups", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const contact = await makeContact(tenant, { phone: inHoursPhone() });
    const colleague = await colleagueOfA(tenant);
    await available(tenant, tenant.agentA.token);
    await available(tenant, colleague.token);
    const created = await tenant.client.post("/api/callbacks", { contact_id: contact.id, at: soon(1500), note: "Wants the new price" }, tenant.agentA.token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ status: "scheduled", owner: { id: tenant.agentA.id }, queue: { name: "A" }, note: "Wants the new price", contact: { id: contact.id } });
    expect(created.body.contact_time_zone).toMatch(/\//);
    expect(created.body.at_contact_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(created.body.organization_time_zone).toBe("America/New_York");
    // Listed for its owner and the admin, not for another department's agent.
    expect((await tenant.client.get("/api/callbacks", tenant.agentA.token)).body.data.map((c: { id: number }) => c.id)).toEqual([created.body.id]);
    expect((await tenant.client.get("/api/callbacks", tenant.agentB.token)).body.data).toEqual([]);
    expect((await tenant.client.get(`/api/callbacks/${created.body.id}`, tenant.agentB.token)).status).toBe(404);

    const offer = await offerOf(tenant, tenant.agentA.token, 6000);
    expect(offer).toMatchObject({ call: { callback: true }, caller: { number: contact.phone } });
    expect((await tenant.client.get("/api/offers", colleague.token)).body.data).toEqual([]);
    expect((await tenant.client.get(`/api/callbacks/${created.body.id}`, tenant.agentA.token)).body.status).toBe("due");
    const accepted = await tenant.client.post(`/api/offers/${offer.id}/accept`, {}, tenant.agentA.token);
    expect(accepted.body).toMatchObject({ action: "call_back", number: contact.phone, params: { To: contact.phone, CallbackEntryId: String(offer.call.queue_entry_id) } });
    expect((await tenant.client.get(`/api/callbacks/${created.body.id}`, tenant.agentA.token)).body.status).toBe("in_progress");

    const sim = provider();
    const dialed = await sim.manualCall({ identity: `user_${tenant.agentA.id}`, to: number, callbackEntryId: offer.call.queue_entry_id, path: "/api/telephony/handle-call" });
    expect(dialed.body).toContain(contact.phone);
    expect((await sim.manualStatus({ callSid: dialed.callSid, identity: `user_${tenant.agentA.id}`, to: contact.phone, status: "no-answer", duration: 0 })).status).toBe(200);
    expect((await tenant.client.get(`/api/callbacks/${created.body.id}`, tenant.agentA.token)).body.status).toBe("missed");
    const followUps = (await tenant.client.get("/api/queue/abandoned", tenant.agentA.token)).body.data;
    expect(followUps).toContainEqual(expect.objectContaining({ id: offer.call.queue_entry_id, callback: true, from: contact.phone }));
  });

  it("an owner who is not available: the queue's agents are offered it once the offer timeout has passed; a callback not yet due can be cancelled", async () => {
    const tenant = await createTenant();
    await giveNumber(tenant);
    const queues = (await tenant.client.get("/api/queues", tenant.admin.token)).body.data as { id: number; name: string }[];
    const queueA = queues.find((q) => q.name === "A")!;
    expect((await tenant.client.patch(`/api/queues/${queueA.id}`, { offer_timeout_seconds: 5 }, tenant.admin.token)).status).toBe(200);
    const contact = await makeContact(tenant, { phone: inHoursPhone() });
    const colleague = await colleagueOfA(tenant);
    await available(tenant, colleague.token);
    const created = await tenant.client.post("/api/callbacks", { contact_id: contact.id, at: soon(1000), owner_id: tenant.agentA.id }, tenant.managerA.token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const dueAt = new Date(created.body.at).getTime();
    const offer = await offerOf(tenant, colleague.token, 12_000);
    expect(offer?.caller.number).toBe(contact.phone);
    expect(Date.now() - dueAt).toBeGreaterThanOrEqual(4500);

    const later = await tenant.client.post("/api/callbacks", { contact_id: contact.id, at: soon(3_600_000) }, tenant.managerA.token);
    expect(later.body.owner).toBeNull();
    const cancelled = await tenant.client.delete(`/api/callbacks/${later.body.id}`, tenant.managerA.token);
    expect(cancelled.body.status).toBe("cancelled");
    expect((await tenant.client.delete(`/api/callbacks/${created.body.id}`, tenant.managerA.token)).status).toBe(409);
    expect((await tenant.client.get("/api/callbacks", tenant.managerA.token)).body.data.map((c: { id: number }) => c.id)).toEqual([created.body.id]);
  });
});
