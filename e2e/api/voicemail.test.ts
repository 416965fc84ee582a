import { describe, expect, it } from "vitest";
import { twimlAttribute } from "../support/call-control";
import { extraAgent, playCallback } from "../support/campaigns";
import { makeContact } from "../support/contacts";
import { createTenant, type Tenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";

// Issue 23: voicemail outside hours, from the menu, or with nobody on duty;
// each lands in its department's queue view, is claimed by one agent and marked done.

async function setRouting(tenant: Tenant, plans: unknown[]) {
  const saved = await tenant.client.request("PUT", "/api/settings/routing", { token: tenant.admin.token, body: { plans } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

const voicemails = async (tenant: Tenant, token: string, status = "open") => (await tenant.client.get(`/api/voicemails?status=${status}`, token)).body.data;

describe("voicemail", () => {
  it("outside hours the caller leaves a message for the plan's queue: kept once, transcribed, linked to the contact, seen by that department only", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const caller = await makeContact(tenant, { name: "Vera Voicemail" });
    await setRouting(tenant, [{ name: "Office", hours: { mon: [{ start: "09:00", end: "17:00" }] }, closed_action: "voicemail", queue: { type: "queue", department_id: tenant.departments.a.id } }]);
    // A Sunday: closed all day.
    const call = await provider().inboundCall({ from: caller.phone, to: number, clock: "2026-11-29T15:00:00Z" });
    expect(call.body).toContain("We are closed now");
    expect(call.body).toContain("<Record");
    const action = twimlAttribute(call.body, "Record", "action")!;
    const transcribe = twimlAttribute(call.body, "Record", "transcribeCallback")!;
    const recording = { CallSid: call.callSid, From: caller.phone, To: number, RecordingUrl: "https://api.twilio.com/2010-04-01/Accounts/AC1/Recordings/RE1", RecordingDuration: "12" };
    const recorded = await playCallback(action, recording);
    expect(recorded.body).toContain("Thank you. We will call you back.");
    expect((await playCallback(action, recording)).status).toBe(200); // a retried delivery
    expect((await playCallback(transcribe, { CallSid: call.callSid, TranscriptionStatus: "completed", TranscriptionText: "Please call me about the invoice." })).status).toBe(200);

    const [left] = await voicemails(tenant, tenant.agentA.token);
    expect(left).toMatchObject({
      from: caller.phone,
      reason: "closed",
      duration_seconds: 12,
      transcription: "Please call me about the invoice.",
      status: "new",
      contact: { id: caller.id, name: "Vera Voicemail" },
      department_id: tenant.departments.a.id,
    });
    // Offered as this service's address (issue 47): the provider's stays here.
    expect(left.recording_url).toBe(`/api/voicemails/${left.id}/recording`);
    expect(await voicemails(tenant, tenant.agentA.token)).toHaveLength(1);
    expect(await voicemails(tenant, tenant.agentB.token)).toEqual([]);
    expect(await voicemails(tenant, tenant.admin.token)).toHaveLength(1);
  });

  it("one agent claims it (a colleague gets 409), and marks it done; done twice is done", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await setRouting(tenant, [
      { name: "Menu", menu: { greeting: "Hi.", default_digit: "1", options: [{ digit: "1", label: "a message", target: { type: "voicemail", department_id: tenant.departments.a.id } }] } },
    ]);
    const sim = provider();
    const call = await sim.inboundCall({ from: "+14155550871", to: number });
    const menu = await playCallback(twimlAttribute(call.body, "Gather", "action")!, { CallSid: call.callSid, From: "+14155550871", To: number, Digits: "1" });
    expect(menu.body).toContain("<Record");
    // A recording address the pages could not play is not kept; the message still is.
    await playCallback(twimlAttribute(menu.body, "Record", "action")!, { CallSid: call.callSid, From: "+14155550871", To: number, RecordingUrl: "http://10.0.0.1/x.wav", RecordingDuration: "5" });
    const [left] = await voicemails(tenant, tenant.agentA.token);
    expect(left).toMatchObject({ reason: "menu", recording_url: null, contact: null });

    const colleague = await extraAgent(tenant, "vm-colleague", tenant.departments.a.id);
    expect((await tenant.client.post(`/api/voicemails/${left.id}/claim`, {}, tenant.agentA.token)).body).toMatchObject({ status: "claimed", claimed_by: { id: tenant.agentA.id } });
    expect((await tenant.client.post(`/api/voicemails/${left.id}/claim`, {}, colleague.token)).status).toBe(409);
    expect((await tenant.client.post(`/api/voicemails/${left.id}/done`, {}, colleague.token)).status).toBe(409);
    expect((await tenant.client.post(`/api/voicemails/${left.id}/claim`, {}, tenant.agentB.token)).status).toBe(404); // another department
    expect((await tenant.client.post(`/api/voicemails/${left.id}/done`, {}, tenant.agentA.token)).body).toMatchObject({ status: "done" });
    expect((await tenant.client.post(`/api/voicemails/${left.id}/done`, {}, tenant.agentA.token)).status).toBe(200);
    expect(await voicemails(tenant, tenant.agentA.token)).toEqual([]);
    expect(await voicemails(tenant, tenant.agentA.token, "done")).toEqual([expect.objectContaining({ id: left.id })]);
    expect((await tenant.client.get("/api/voicemails?status=lost", tenant.agentA.token)).status).toBe(422);
  });

  it("with nobody serving the queue on duty the caller is offered voicemail; with someone on duty they wait", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await setRouting(tenant, [{ name: "Office", no_agents: "voicemail", queue: { type: "queue", department_id: tenant.departments.b.id } }]);
    const sim = provider();
    const nobody = await sim.inboundCall({ from: "+14155550872", to: number });
    expect(nobody.body).toContain("Nobody can take your call right now.");
    expect(nobody.body).toContain("<Record");
    // Department A's agent on duty does not serve B's queue.
    await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token);
    expect((await sim.inboundCall({ from: "+14155550873", to: number })).body).toContain("<Record");
    await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentB.token);
    expect((await sim.inboundCall({ from: "+14155550874", to: number })).body).toContain("<Enqueue");
  });
});
