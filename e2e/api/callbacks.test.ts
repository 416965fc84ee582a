import { describe, expect, it } from "vitest";
import { twimlAttribute } from "../support/call-control";
import { extraAgent, playCallback } from "../support/campaigns";
import { makeContact } from "../support/contacts";
import { createTenant, type Tenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";

// Issue 23: callbacks instead of waiting, the missed callers' follow-up list,
// and agents who serve more queues than their department's. The provider is
// played by signed callbacks exactly as it sends them.

async function setRouting(tenant: Tenant, plans: unknown[]) {
  const saved = await tenant.client.request("PUT", "/api/settings/routing", { token: tenant.admin.token, body: { plans } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

type Waiting = { id: number; call_sid: string; from: string; callback: boolean; position: number; queue_label: string };
const waiting = async (tenant: Tenant, token: string) => (await tenant.client.get("/api/queue/calls", token)).body.data as Waiting[];
const missed = async (tenant: Tenant, token: string) =>
  (await tenant.client.get("/api/queue/abandoned", token)).body.data as { id: number; from: string; callback: boolean; queue_label: string; contact: { id: number } | null }[];
const available = async (tenant: Tenant, token: string) => expect((await tenant.client.post("/api/agent/status", { status: "available" }, token)).status).toBe(200);

describe("callbacks instead of waiting", () => {
  it("after the plan's wait a caller presses the key, leaves the line keeping their place, and the agent who accepts it dials them back; the call is logged under their first call", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const caller = await makeContact(tenant, { name: "Cal Back" });
    await setRouting(tenant, [{ name: "Main", callback_offer: { after_seconds: 0, digit: "1" }, queue: { type: "queue", department_id: tenant.departments.a.id } }]);
    const sim = provider();
    const first = await sim.inboundCall({ from: "+14155550861", to: number });
    const call = await sim.inboundCall({ from: caller.phone, to: number });
    expect(call.body).toContain("<Enqueue");

    // The hold loop offers the callback inside a <Gather>; another key keeps the caller waiting.
    const hold = await sim.queueWait({ callSid: call.callSid, to: number });
    expect(hold.body).toContain("<Gather");
    expect(hold.body).toContain("press 1");
    const action = twimlAttribute(hold.body, "Gather", "action")!;
    const wrongKey = await playCallback(action, { CallSid: call.callSid, From: caller.phone, To: number, Digits: "5" });
    expect(wrongKey.body).not.toContain("<Leave");
    expect(wrongKey.body).toContain("<Play");
    const pressed = await playCallback(action, { CallSid: call.callSid, From: caller.phone, To: number, Digits: "1" });
    expect(pressed.body).toContain("<Leave");
    expect((await playCallback(action, { CallSid: call.callSid, From: caller.phone, To: number, Digits: "1" })).body).toContain("<Leave"); // retried
    // The queue's action: they hear they will be called back; then the provider reports the call over. The place is kept.
    const left = await sim.dequeue({ callSid: call.callSid, to: number, result: "leave", queueTime: 20 });
    expect(left.body).toContain("call you back");
    expect((await sim.callStatus({ callSid: call.callSid, to: number, status: "completed", duration: 25 })).status).toBe(200);
    const line = await waiting(tenant, tenant.agentA.token);
    expect(line.map((w) => [w.call_sid, w.callback, w.position])).toEqual([
      [first.callSid, false, 1],
      [call.callSid, true, 2],
    ]);
    expect(await waiting(tenant, tenant.agentB.token)).toEqual([]);
    // Nothing logged as abandoned, nothing in the missed callers.
    expect(await missed(tenant, tenant.agentA.token)).toEqual([]);

    // The agent accepts it: the answer tells the softphone to dial, and the server dials the entry's number whatever the device sends.
    await available(tenant, tenant.agentA.token);
    const accepted = await tenant.client.post(`/api/queue/calls/${line[1].id}/accept`, {}, tenant.agentA.token);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ action: "call_back", call_sid: call.callSid, number: caller.phone, params: { To: caller.phone, CallbackEntryId: String(line[1].id) } });
    const intruder = await sim.manualCall({ identity: `user_${tenant.agentB.id}`, to: "+14155550000", callbackEntryId: line[1].id, path: "/api/telephony/handle-call" });
    expect(intruder.body).toContain("no longer yours");
    expect(intruder.body).not.toContain("<Dial");
    const dialed = await sim.manualCall({ identity: `user_${tenant.agentA.id}`, to: "+14155550000", callbackEntryId: line[1].id, path: "/api/telephony/handle-call" });
    expect(dialed.body).toContain(`>${caller.phone}</Number>`);
    expect(dialed.body).not.toContain("+14155550000");
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status).toBe("busy");
    expect((await waiting(tenant, tenant.admin.token)).map((w) => w.call_sid)).toEqual([first.callSid]);

    await sim.manualAnswered({ callSid: dialed.callSid, identity: `user_${tenant.agentA.id}`, to: caller.phone });
    expect((await sim.manualStatus({ callSid: dialed.callSid, identity: `user_${tenant.agentA.id}`, to: caller.phone, status: "completed", duration: 40 })).status).toBe(200);
    const logs = (await tenant.client.get(`/api/voice/call-logs?contact_id=${caller.id}`, tenant.admin.token)).body.data;
    const log = logs.find((l: { call_sid: string }) => l.call_sid === dialed.callSid);
    expect(log).toMatchObject({ direction: "outbound-manual", status: "completed", parent_call_sid: call.callSid, contact_id: caller.id });
    // Reached: done, not a missed caller.
    expect(await missed(tenant, tenant.agentA.token)).toEqual([]);
    expect((await waiting(tenant, tenant.agentA.token)).map((w) => w.call_sid)).toEqual([first.callSid]);
  });

  it("no offer before the plan's wait, nor without one; a callback nobody reached joins the missed callers", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await setRouting(tenant, [{ name: "Main", callback_offer: { after_seconds: 600, digit: "*" } }]);
    const sim = provider();
    const call = await sim.inboundCall({ from: "+14155550862", to: number });
    const early = await sim.queueWait({ callSid: call.callSid, to: number });
    expect(early.body).not.toContain("<Gather");

    await setRouting(tenant, [{ name: "Main", callback_offer: { after_seconds: 0, digit: "*" } }]);
    const hold = await sim.queueWait({ callSid: call.callSid, to: number });
    expect(hold.body).toContain("press star");
    expect((await playCallback(twimlAttribute(hold.body, "Gather", "action")!, { CallSid: call.callSid, To: number, Digits: "*" })).body).toContain("<Leave");
    await sim.dequeue({ callSid: call.callSid, to: number, result: "leave", queueTime: 5 });
    const [entry] = await waiting(tenant, tenant.agentA.token);
    expect(entry).toMatchObject({ call_sid: call.callSid, callback: true });

    await available(tenant, tenant.agentA.token);
    expect((await tenant.client.post(`/api/queue/calls/${entry.id}/accept`, {}, tenant.agentA.token)).body.action).toBe("call_back");
    const dialed = await sim.manualCall({ identity: `user_${tenant.agentA.id}`, to: "+14155550862", callbackEntryId: entry.id, path: "/api/telephony/handle-call" });
    expect((await sim.manualStatus({ callSid: dialed.callSid, identity: `user_${tenant.agentA.id}`, to: "+14155550862", status: "no-answer", duration: 0 })).status).toBe(200);
    const [item] = await missed(tenant, tenant.agentA.token);
    expect(item).toMatchObject({ id: entry.id, from: "+14155550862", callback: true, queue_label: "General" });
  });
});

describe("missed callers", () => {
  it("a caller who hung up while waiting is listed for the queues that serve them; one agent calls back (others 409), or it is dismissed", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const caller = await makeContact(tenant, { name: "Miss Ed" });
    await setRouting(tenant, [{ name: "Main", queue: { type: "queue", department_id: tenant.departments.a.id } }]);
    const sim = provider();
    const one = await sim.inboundCall({ from: caller.phone, to: number });
    const two = await sim.inboundCall({ from: "+14155550863", to: number });
    await sim.dequeue({ callSid: one.callSid, to: number, result: "hangup", queueTime: 31 });
    await sim.callStatus({ callSid: two.callSid, to: number, status: "completed", duration: 12 });

    const list = await missed(tenant, tenant.agentA.token);
    expect(list.map((m) => m.from)).toEqual(["+14155550863", caller.phone]);
    expect(list[1]).toMatchObject({ contact: { id: caller.id }, callback: false, queue_label: "A" });
    expect(await missed(tenant, tenant.agentB.token)).toEqual([]);
    expect((await tenant.client.post(`/api/queue/abandoned/${list[1].id}/call-back`, {}, tenant.agentB.token)).status).toBe(404);

    const colleague = await extraAgent(tenant, "missed-colleague", tenant.departments.a.id);
    const claimed = await tenant.client.post(`/api/queue/abandoned/${list[1].id}/call-back`, {}, tenant.agentA.token);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ action: "call_back", number: caller.phone, contact: { id: caller.id }, params: { To: caller.phone, contactId: String(caller.id) } });
    expect((await tenant.client.post(`/api/queue/abandoned/${list[1].id}/call-back`, {}, colleague.token)).status).toBe(409);
    expect((await tenant.client.post(`/api/queue/abandoned/${list[0].id}/dismiss`, {}, colleague.token)).status).toBe(200);
    expect(await missed(tenant, tenant.agentA.token)).toEqual([]);
    expect((await tenant.client.post(`/api/queue/abandoned/999999999/dismiss`, {}, colleague.token)).status).toBe(404);
  });
});

describe("queues and who serves them", () => {
  it("an admin makes an agent of A a member of B's queue: they see, accept and hear of B's callers from their next request; others may not change it", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await setRouting(tenant, [{ name: "Support", queue: { type: "queue", department_id: tenant.departments.b.id } }]);
    const sim = provider();
    const call = await sim.inboundCall({ from: "+14155550864", to: number });
    expect(await waiting(tenant, tenant.agentA.token)).toEqual([]);
    const [entry] = await waiting(tenant, tenant.agentB.token);
    await available(tenant, tenant.agentA.token);
    expect((await tenant.client.post(`/api/queue/calls/${entry.id}/accept`, {}, tenant.agentA.token)).status).toBe(404);

    const queues = await tenant.client.get("/api/settings/routing/queues", tenant.admin.token);
    expect(queues.status).toBe(200);
    expect(queues.body.data.map((q: { name: string }) => q.name)).toEqual(["General", "A", "B"]);
    expect(queues.body.data[2].servers).toEqual(expect.arrayContaining([expect.objectContaining({ id: tenant.agentB.id, via: "department" })]));
    expect(queues.body.data[2].servers.some((s: { id: number }) => s.id === tenant.agentA.id)).toBe(false);
    expect((await tenant.client.get("/api/settings/routing/queues", tenant.managerB.token)).status).toBe(403);
    expect((await tenant.client.request("PUT", `/api/settings/routing/queues/${tenant.departments.b.id}`, { token: tenant.agentA.token, body: { member_ids: [tenant.agentA.id] } })).status).toBe(403);
    const bad = await tenant.client.request("PUT", `/api/settings/routing/queues/${tenant.departments.b.id}`, { token: tenant.admin.token, body: { member_ids: [tenant.agentA.id, 2_000_000_000] } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(["member_ids.1"]);
    const other = await createTenant();
    expect((await tenant.client.request("PUT", `/api/settings/routing/queues/${other.departments.a.id}`, { token: tenant.admin.token, body: { member_ids: [] } })).status).toBe(404);

    const saved = await tenant.client.request("PUT", `/api/settings/routing/queues/${tenant.departments.b.id}`, { token: tenant.admin.token, body: { member_ids: [tenant.agentA.id] } });
    expect(saved.status).toBe(200);
    expect(saved.body.servers).toContainEqual(expect.objectContaining({ id: tenant.agentA.id, via: "member" }));
    // Their next request: B's caller is theirs to take, with its queue's name.
    const seen = await waiting(tenant, tenant.agentA.token);
    expect(seen).toEqual([expect.objectContaining({ call_sid: call.callSid, queue_label: "B" })]);
    expect((await tenant.client.post(`/api/queue/calls/${entry.id}/accept`, {}, tenant.agentA.token)).status).toBe(200);
    const audit = (await tenant.client.get("/api/audit-log?action=queue.members.updated", tenant.admin.token)).body.data;
    expect(audit[0]).toMatchObject({ action: "queue.members.updated" });

    // Taken off: B's callers are not theirs again.
    await tenant.client.request("PUT", `/api/settings/routing/queues/${tenant.departments.b.id}`, { token: tenant.admin.token, body: { member_ids: [] } });
    const later = await sim.inboundCall({ from: "+14155550865", to: number });
    expect((await waiting(tenant, tenant.agentB.token)).map((w) => w.call_sid)).toContain(later.callSid);
    expect(await waiting(tenant, tenant.agentA.token)).toEqual([]);
  });

  it("a member on duty keeps a queue open when the plan sends callers to voicemail with nobody on duty", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await setRouting(tenant, [{ name: "Support", no_agents: "voicemail", queue: { type: "queue", department_id: tenant.departments.b.id } }]);
    const sim = provider();
    await available(tenant, tenant.agentA.token);
    expect((await sim.inboundCall({ from: "+14155550866", to: number })).body).toContain("<Record");
    await tenant.client.request("PUT", `/api/settings/routing/queues/${tenant.departments.b.id}`, { token: tenant.admin.token, body: { member_ids: [tenant.agentA.id] } });
    expect((await sim.inboundCall({ from: "+14155550867", to: number })).body).toContain("<Enqueue");
    // The wallboard counts them on duty for B's queue.
    const live = await tenant.client.get("/api/reports/live", tenant.admin.token);
    expect(live.body.queues.find((q: { department_id: number | null }) => q.department_id === tenant.departments.b.id)).toMatchObject({ agents_on_duty: 1, waiting: 1 });
  });
});
