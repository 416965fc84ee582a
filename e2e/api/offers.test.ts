import { describe, expect, it } from "vitest";
import { connectedInboundCall } from "../support/call-control";
import { subscribe } from "../support/event-stream";
import { conversationWith, textingTenant } from "../support/messages";
import { createTenant, type Tenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";

// Issue 44, point 3: calls in an offer queue are offered to one agent at a
// time. The provider is played by signed callbacks; agents by their tokens.

interface Offer {
  id: number;
  status: string;
  call: { queue_entry_id: number; call_sid: string };
  caller: { number: string; name: string | null };
  contact: { name: string } | null;
  queue: { id: number; name: string };
  expires_at: string;
}

async function offersOf(tenant: Tenant, token: string): Promise<Offer[]> {
  const listed = await tenant.client.get("/api/offers", token);
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return listed.body.data;
}

/** Waits until the agent has an open offer (or `none`: until they have none). */
async function offerFor(tenant: Tenant, token: string, timeoutMs = 8000): Promise<Offer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [offer] = await offersOf(tenant, token);
    if (offer) return offer;
    if (Date.now() > deadline) throw new Error("no offer arrived");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function queueNamed(tenant: Tenant, name: string) {
  const listed = await tenant.client.get("/api/queues", tenant.admin.token);
  return (listed.body.data as { id: number; name: string }[]).find((q) => q.name === name)!;
}

async function offerQueue(tenant: Tenant, name: string, settings: Record<string, unknown> = {}) {
  const queue = await queueNamed(tenant, name);
  const saved = await tenant.client.patch(`/api/queues/${queue.id}`, { distribution: "offer", ...settings }, tenant.admin.token);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return queue;
}

const available = async (tenant: Tenant, token: string) => expect((await tenant.client.post("/api/agent/status", { status: "available" }, token)).status).toBe(200);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("offers", () => {
  it("a call is offered to the agent idle longest, heard on their stream only; a decline passes it to the next; accepting answers the softphone's parameters", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await offerQueue(tenant, "General");
    await available(tenant, tenant.agentA.token);
    await pause(20); // agent A has been idle longer than agent B
    await available(tenant, tenant.agentB.token);
    const streamA = await subscribe(tenant.agentA.token);
    const streamB = await subscribe(tenant.agentB.token);
    const streamAdmin = await subscribe(tenant.admin.token);
    try {
      const contact = await tenant.client.post("/api/contacts", { name: "Olga Offer", phone: "+14155550931" }, tenant.admin.token);
      expect(contact.status).toBe(201);
      const call = await provider().inboundCall({ from: "+14155550931", to: number });
      const offer = await offerFor(tenant, tenant.agentA.token);
      expect(offer).toMatchObject({
        status: "open",
        call: { call_sid: call.callSid },
        caller: { number: "+14155550931", name: "Olga Offer" },
        contact: { name: "Olga Offer" },
        queue: { name: "General" },
      });
      const expiresIn = new Date(offer.expires_at).getTime() - Date.now();
      expect(expiresIn).toBeGreaterThan(10_000);
      expect(expiresIn).toBeLessThanOrEqual(20_500);
      expect(await offersOf(tenant, tenant.agentB.token)).toEqual([]);
      expect((await streamA.waitFor((e) => e.type === "offer.created"))?.data).toMatchObject({ id: offer.id, call_sid: call.callSid, from: "+14155550931" });
      // The pick list still shows the caller: the queue's API is unchanged.
      expect((await tenant.client.get("/api/queue/calls", tenant.agentB.token)).body.data.map((c: { call_sid: string }) => c.call_sid)).toContain(call.callSid);

      // Another agent cannot answer A's offer.
      expect((await tenant.client.post(`/api/offers/${offer.id}/accept`, {}, tenant.agentB.token)).status).toBe(404);
      expect((await tenant.client.post(`/api/offers/${offer.id}/decline`, {}, tenant.agentA.token)).body).toEqual({ id: offer.id, status: "declined" });
      const next = await offerFor(tenant, tenant.agentB.token);
      expect(next.call.call_sid).toBe(call.callSid);
      expect(await offersOf(tenant, tenant.agentA.token)).toEqual([]);
      // A declined offer is answered once.
      expect((await tenant.client.post(`/api/offers/${offer.id}/accept`, {}, tenant.agentA.token)).status).toBe(409);

      const accepted = await tenant.client.post(`/api/offers/${next.id}/accept`, {}, tenant.agentB.token);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(accepted.body).toMatchObject({ action: "dial_queue", call_sid: call.callSid, params: { QueueEntryId: String(next.call.queue_entry_id) } });
      expect((await tenant.client.get("/api/agent/status", tenant.agentB.token)).body.status).toBe("busy");
      expect((await tenant.client.get("/api/queue/calls", tenant.agentA.token)).body.data).toEqual([]);
      // The agent's device joins the call the offer was for.
      const joined = await provider().agentConnects({ identity: `user_${tenant.agentB.id}`, to: number, queueEntryId: String(next.call.queue_entry_id) });
      expect(joined.body).toContain("<Queue>");
      // Offers are for the agent offered: the admin's stream heard none.
      await streamB.waitFor((e) => e.type === "offer.created");
      expect(streamAdmin.events.filter((e) => e.type.startsWith("offer."))).toEqual([]);
      expect(streamB.events.filter((e) => e.type === "offer.created")).toHaveLength(1);
    } finally {
      streamA.close();
      streamB.close();
      streamAdmin.close();
    }
  });

  it("no answer before the timeout: the offer is missed, the agent is set to missed and offered nothing more until Available; the next agent gets the call", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await offerQueue(tenant, "General", { offer_timeout_seconds: 5 });
    await available(tenant, tenant.agentA.token);
    const streamA = await subscribe(tenant.agentA.token);
    try {
      const call = await provider().inboundCall({ from: "+14155550932", to: number });
      const offer = await offerFor(tenant, tenant.agentA.token);
      await available(tenant, tenant.agentB.token); // free now, but A has the offer
      expect(await offersOf(tenant, tenant.agentB.token)).toEqual([]);
      const missed = await streamA.waitFor((e) => e.type === "offer.withdrawn", 9000);
      expect(missed?.data).toMatchObject({ id: offer.id, reason: "missed" });
      const state = (await tenant.client.get("/api/agent/status", tenant.agentA.token)).body;
      expect(state.status).toBe("missed");
      expect(state.notice).toContain("missed a call");
      const next = await offerFor(tenant, tenant.agentB.token);
      expect(next.call.call_sid).toBe(call.callSid);
      expect((await tenant.client.post(`/api/offers/${offer.id}/accept`, {}, tenant.agentA.token)).status).toBe(409);
      // Agents choose the states they may choose; missed is the engine's.
      expect((await tenant.client.post("/api/agent/status", { status: "missed" }, tenant.agentA.token)).status).toBe(422);
    } finally {
      streamA.close();
    }
  });

  it("a caller who hangs up during an offer withdraws it (offer.withdrawn, caller_left); the agent stays available", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await offerQueue(tenant, "General");
    await available(tenant, tenant.agentA.token);
    const streamA = await subscribe(tenant.agentA.token);
    try {
      const sim = provider();
      const call = await sim.inboundCall({ from: "+14155550933", to: number });
      const offer = await offerFor(tenant, tenant.agentA.token);
      await sim.dequeue({ callSid: call.callSid, to: number, result: "hangup", queueTime: 3 });
      const withdrawn = await streamA.waitFor((e) => e.type === "offer.withdrawn");
      expect(withdrawn?.data).toMatchObject({ id: offer.id, call_sid: call.callSid, reason: "caller_left" });
      expect(await offersOf(tenant, tenant.agentA.token)).toEqual([]);
      expect((await tenant.client.post(`/api/offers/${offer.id}/accept`, {}, tenant.agentA.token)).status).toBe(409);
      expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status).toBe("available");
    } finally {
      streamA.close();
    }
  });

  it("required skills decide who is offered; a pick queue offers nothing", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await offerQueue(tenant, "General", { required_skills: [{ skill: "spanish", min_level: 3 }] });
    const skills = (userId: number, level: number) => tenant.client.request("PUT", `/api/users/${userId}/skills`, { token: tenant.admin.token, body: [{ skill: "spanish", level }] });
    expect((await skills(tenant.agentA.id, 2)).status).toBe(200);
    await available(tenant, tenant.agentA.token);
    const call = await provider().inboundCall({ from: "+14155550934", to: number });
    await pause(1500);
    expect(await offersOf(tenant, tenant.agentA.token)).toEqual([]);
    // Raised to the level the queue needs: offered at once.
    expect((await skills(tenant.agentA.id, 4)).status).toBe(200);
    expect((await offerFor(tenant, tenant.agentA.token)).call.call_sid).toBe(call.callSid);

    const pickTenant = await createTenant();
    const pickNumber = await giveNumber(pickTenant);
    await available(pickTenant, pickTenant.agentA.token);
    await provider().inboundCall({ from: "+14155550935", to: pickNumber });
    await pause(1500);
    expect(await offersOf(pickTenant, pickTenant.agentA.token)).toEqual([]);
  });

  it("a free agent is offered the call of the highest priority queue they serve first, and the caller's last agent is preferred", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const saved = await tenant.client.request("PUT", "/api/settings/routing", {
      token: tenant.admin.token,
      body: { plans: [{ name: "Sales line", numbers: [number], queue: { type: "queue", department_id: tenant.departments.a.id } }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const second = await giveSecondNumber(tenant, number);
    await offerQueue(tenant, "General", { priority: 1 });
    await offerQueue(tenant, "A", { priority: 8 });
    const sim = provider();
    const general = await sim.inboundCall({ from: "+14155550936", to: second });
    await pause(50);
    const sales = await sim.inboundCall({ from: "+14155550937", to: number });
    await available(tenant, tenant.agentA.token);
    expect((await offerFor(tenant, tenant.agentA.token)).call.call_sid).toBe(sales.callSid);
    expect(general.callSid).not.toBe(sales.callSid);
  });
});

// Issue 61, invariants I2 and I3 (docs/decisions/034): a caller is never stranded by a decline, nor by
// the first queue's skills once they overflow.
describe("no caller left waiting while an agent is free", () => {
  it("an agent who declined is offered the call again once no one else is free, not before the queue's redecline_after_seconds", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const queue = await offerQueue(tenant, "General", { redecline_after_seconds: 2 });
    expect((await tenant.client.get("/api/queues", tenant.admin.token)).body.data.find((q: { id: number }) => q.id === queue.id)).toMatchObject({ redecline_after_seconds: 2 });
    expect((await tenant.client.patch(`/api/queues/${queue.id}`, { redecline_after_seconds: 301 }, tenant.admin.token)).status).toBe(422);
    await available(tenant, tenant.agentA.token);
    const call = await provider().inboundCall({ from: "+14155550961", to: number });
    const first = await offerFor(tenant, tenant.agentA.token);
    expect((await tenant.client.post(`/api/offers/${first.id}/decline`, {}, tenant.agentA.token)).status).toBe(200);
    const declinedAt = Date.now();
    // The only agent on duty: offered the same caller again, once the queue's time has passed.
    const again = await offerFor(tenant, tenant.agentA.token, 10_000);
    expect(again.call.call_sid).toBe(call.callSid);
    expect(again.id).not.toBe(first.id);
    expect(Date.now() - declinedAt).toBeGreaterThanOrEqual(1_900);
  });

  it("a decline goes to another free agent first: the one who declined only when no one else is", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await offerQueue(tenant, "General", { redecline_after_seconds: 0 });
    await available(tenant, tenant.agentA.token);
    await pause(20); // A has been idle longer
    await available(tenant, tenant.agentB.token);
    const call = await provider().inboundCall({ from: "+14155550962", to: number });
    const first = await offerFor(tenant, tenant.agentA.token);
    expect((await tenant.client.post(`/api/offers/${first.id}/decline`, {}, tenant.agentA.token)).status).toBe(200);
    // B is free and has not declined: B, though A has been idle longer and may be offered it again at once.
    const toB = await offerFor(tenant, tenant.agentB.token);
    expect(toB.call.call_sid).toBe(call.callSid);
    expect((await tenant.client.post(`/api/offers/${toB.id}/decline`, {}, tenant.agentB.token)).status).toBe(200);
    // Both declined: back to whoever has been idle longest of them.
    expect((await offerFor(tenant, tenant.agentA.token)).call.call_sid).toBe(call.callSid);
  });

  it("calls the only free agent declined lately do not hide the ones behind them, however many (I1)", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await offerQueue(tenant, "General", { redecline_after_seconds: 300 });
    await available(tenant, tenant.agentA.token);
    // Seven callers in line; the one agent on duty declines the first six as they are offered.
    const calls = [];
    for (let i = 0; i < 7; i++) calls.push(await provider().inboundCall({ from: `+1415555097${i}`, to: number }));
    for (const call of calls.slice(0, 6)) {
      const offer = await offerFor(tenant, tenant.agentA.token);
      expect(offer.call.call_sid).toBe(call.callSid);
      expect((await tenant.client.post(`/api/offers/${offer.id}/decline`, {}, tenant.agentA.token)).status).toBe(200);
    }
    // The seventh: behind six calls nobody free may be offered for five minutes, and offered at once.
    expect((await offerFor(tenant, tenant.agentA.token)).call.call_sid).toBe(calls[6].callSid);
  });

  it("once due, an overflowing call is offered under the overflow queue's own requirements", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const saved = await tenant.client.request("PUT", "/api/settings/routing", {
      token: tenant.admin.token,
      body: { plans: [{ name: "Sales line", numbers: [number], queue: { type: "queue", department_id: tenant.departments.a.id } }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const general = await offerQueue(tenant, "General");
    await offerQueue(tenant, "A", { required_skills: [{ skill: "spanish", min_level: 5 }], overflow: { after_seconds: 2, to_queue_id: general.id }, redecline_after_seconds: 300 });
    expect((await tenant.client.request("PUT", `/api/users/${tenant.agentA.id}/skills`, { token: tenant.admin.token, body: [{ skill: "spanish", level: 5 }] })).status).toBe(200);
    await available(tenant, tenant.agentA.token);
    await available(tenant, tenant.agentB.token); // department B: serves General only, and speaks no Spanish
    const call = await provider().inboundCall({ from: "+14155550963", to: number });
    const first = await offerFor(tenant, tenant.agentA.token);
    expect(first.call.call_sid).toBe(call.callSid);
    expect((await tenant.client.post(`/api/offers/${first.id}/decline`, {}, tenant.agentA.token)).status).toBe(200);
    // Overflowed to General, which asks for no skill: B is offered it.
    const toB = await offerFor(tenant, tenant.agentB.token, 10_000);
    expect(toB.call.call_sid).toBe(call.callSid);
  });
});

describe("offers seen and measured", () => {
  it("the agent report and the wallboard count offers per agent; the queue's service level counts an offered call like a picked one", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await offerQueue(tenant, "General");
    await available(tenant, tenant.agentA.token);
    await pause(20);
    await available(tenant, tenant.agentB.token);
    await provider().inboundCall({ from: "+14155550951", to: number });
    const first = await offerFor(tenant, tenant.agentA.token);
    expect((await tenant.client.post(`/api/offers/${first.id}/decline`, {}, tenant.agentA.token)).status).toBe(200);
    const second = await offerFor(tenant, tenant.agentB.token);
    await pause(300);
    expect((await tenant.client.post(`/api/offers/${second.id}/accept`, {}, tenant.agentB.token)).status).toBe(200);

    const report = (await tenant.client.get("/api/reports/agents", tenant.admin.token)).body.data as { user_id: number; offers: Record<string, number | null> }[];
    const of = (id: number) => report.find((r) => r.user_id === id)!.offers;
    expect(of(tenant.agentA.id)).toEqual({ offered: 1, accepted: 0, declined: 1, missed: 0, average_seconds_to_accept: null, seconds_not_ready: 0 });
    expect(of(tenant.agentB.id)).toMatchObject({ offered: 1, accepted: 1, declined: 0, missed: 0 });
    expect(of(tenant.agentB.id).average_seconds_to_accept).toBeGreaterThanOrEqual(0.3);
    const csv = await fetch(`${tenant.client.baseUrl}/api/reports/agents?format=csv`, { headers: { Authorization: `Bearer ${tenant.admin.token}` } });
    expect((await csv.text()).split("\n")[0]).toContain("offers");

    const live = (await tenant.client.get("/api/reports/live", tenant.admin.token)).body;
    const row = (id: number) => live.agents.find((a: { id: number }) => a.id === id).offers_today;
    expect(row(tenant.agentA.id)).toEqual({ accepted: 0, declined: 1, missed: 0 });
    expect(row(tenant.agentB.id)).toEqual({ accepted: 1, declined: 0, missed: 0 });
    expect(live.queues.find((q: { department_id: number | null }) => q.department_id === null)).toMatchObject({ offered_today: 1, service_level: 1 });
  });
});

describe("wrap-up after a queue's call", () => {
  it("a timed wrap-up ends by itself, but not before the disposition its queue requires is picked", async () => {
    const tenant = await createTenant();
    const general = await queueNamed(tenant, "General");
    expect((await tenant.client.patch(`/api/queues/${general.id}`, { wrap_up_seconds: 2, disposition_required: true }, tenant.admin.token)).status).toBe(200);
    const sale = await tenant.client.post("/api/dispositions", { name: "Sale" }, tenant.admin.token);
    const { sim, number, callSid } = await connectedInboundCall(tenant);
    expect((await sim.dequeue({ callSid, to: number, result: "bridged", queueTime: 3 })).status).toBe(200);
    const status = (await tenant.client.get("/api/agent/status", tenant.agentA.token)).body;
    expect(status).toMatchObject({ status: "wrap_up", wrap_up: { disposition_required: true, has_disposition: false } });
    expect(new Date(status.wrap_up.ends_at).getTime() - new Date(status.changed_at).getTime()).toBe(2000);
    // Its time runs out, but the call owes a disposition: wrap-up goes on, and the agent cannot end it either.
    await pause(3200);
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status).toBe("wrap_up");
    const refused = await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(["disposition_id"]);
    const [log] = (await tenant.client.get("/api/voice/call-logs", tenant.agentA.token)).body.data;
    expect((await tenant.client.request("PATCH", `/api/voice/call-logs/${log.id}`, { token: tenant.agentA.token, body: { disposition_id: sale.body.id } })).status).toBe(200);
    // Picked: the overdue wrap-up ends within a tick.
    let state = "";
    for (let i = 0; i < 30 && state !== "available"; i++) {
      await pause(100);
      state = (await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status;
    }
    expect(state).toBe("available");
  });

  it("with the default wrap_up_seconds of 0 the agent ends wrap-up themselves", async () => {
    const tenant = await createTenant();
    const { sim, number, callSid } = await connectedInboundCall(tenant);
    expect((await sim.dequeue({ callSid, to: number, result: "bridged", queueTime: 3 })).status).toBe(200);
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body).toMatchObject({ status: "wrap_up", wrap_up: { ends_at: null, disposition_required: false } });
    await pause(1500);
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status).toBe("wrap_up");
  });
});

describe("conversations assigned by the same rules", () => {
  it("a new inbound conversation goes to an available agent who serves its queue, up to their max_conversations, without an accept step", async () => {
    const tenant = await createTenant();
    const { incoming } = await textingTenant(tenant);
    expect((await tenant.client.request("PUT", "/api/settings/sms", { token: tenant.admin.token, body: { assign_conversations: true } })).status).toBe(200);
    const limited = await tenant.client.patch(`/api/users/${tenant.agentA.id}`, { max_conversations: 2 }, tenant.admin.token);
    expect(limited.status, JSON.stringify(limited.body)).toBe(200);
    expect(limited.body.max_conversations).toBe(2);
    expect((await tenant.client.patch(`/api/users/${tenant.agentA.id}`, { max_conversations: 0 }, tenant.admin.token)).status).toBe(422);
    await available(tenant, tenant.agentA.token);
    const streamA = await subscribe(tenant.agentA.token);
    try {
      const phones = ["+14155550941", "+14155550942", "+14155550943"];
      for (const phone of phones) {
        expect((await incoming(phone, "Hello, is anyone there?")).status).toBe(200);
        await pause(30);
      }
      const assigneeOf = async (phone: string) => (await conversationWith(tenant, phone, tenant.admin.token))?.assigned_user?.id ?? null;
      let assignees: (number | null)[] = [];
      // Up to 15 s: ends as soon as two are given (3 s once ran out beside two busy files).
      for (let i = 0; i < 150; i++) {
        assignees = await Promise.all(phones.map(assigneeOf));
        if (assignees.filter((a) => a !== null).length >= 2) break;
        await pause(100);
      }
      await pause(1200); // a tick later, the limit still holds
      assignees = await Promise.all(phones.map(assigneeOf));
      expect(assignees).toEqual([tenant.agentA.id, tenant.agentA.id, null]);
      const told = streamA.events.filter((e) => e.type === "conversation.assigned");
      expect(told).toHaveLength(2);
      // Closing one frees a place: the third is given to the agent.
      const first = await conversationWith(tenant, phones[0], tenant.agentA.token);
      expect((await tenant.client.patch(`/api/conversations/${first.id}`, { status: "closed" }, tenant.agentA.token)).status).toBe(200);
      let third: number | null = null;
      for (let i = 0; i < 40 && third === null; i++) {
        await pause(100);
        third = await assigneeOf(phones[2]);
      }
      expect(third).toBe(tenant.agentA.id);
      // An agent who is not available is given none.
      expect((await tenant.client.post("/api/agent/status", { status: "offline" }, tenant.agentA.token)).status).toBe(200);
      await incoming("+14155550944", "Hi");
      await pause(1500);
      expect(await assigneeOf("+14155550944")).toBeNull();
    } finally {
      streamA.close();
    }
  });
});

/** A second number for the tenant, beside its first (its general queue's, with no plan naming it). */
async function giveSecondNumber(tenant: Tenant, first: string): Promise<string> {
  const { holdAtProvider } = await import("../support/provider");
  const second = `+1801${first.slice(-7)}`;
  await holdAtProvider(second);
  const response = await tenant.client.request("PUT", "/api/settings/telephony", { token: tenant.admin.token, body: { phone_numbers: [first, second] } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return second;
}
