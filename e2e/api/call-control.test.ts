import { describe, expect, it } from "vitest";
import { newCallSid } from "@/lib/twilio/simulator/simulator";
import { conferenceName, connectedInboundCall, controlRequests, joinConference, twimlAttribute } from "../support/call-control";
import { playCallback } from "../support/campaigns";
import { createTenant, type Tenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";

// Issue 22: control of a live call. The provider is played twice: its REST
// API by the fake provider (which records what the service asked), its
// callbacks by signed posts, in the order it sends them.

const identity = (id: number) => `user_${id}`;

const hold = (tenant: Tenant, callSid: string, on: boolean, token = tenant.agentA.token) => tenant.client.post(`/api/calls/${callSid}/hold`, { on }, token);

describe("hold and resume", () => {
  it("an inbound call: the agent's leg moves into a conference, the caller follows and is held as they join, resume takes the hold off, hold time lands on the log", async () => {
    const tenant = await createTenant();
    const { sim, number, callSid, agentLeg } = await connectedInboundCall(tenant);

    const held = await hold(tenant, callSid, true);
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ call_sid: callSid, state: "held", on_hold: true, direction: "inbound", in_conference: true });
    // One REST request: the agent's leg into the call's conference, which it starts.
    const [move] = await controlRequests(agentLeg);
    expect(move.kind).toBe("call.update");
    const conference = conferenceName(move.body.Twiml);
    expect(conference).toMatch(/^call_\d+$/);
    expect(move.body.Twiml).toContain('startConferenceOnEnter="true"');
    expect(move.body.Twiml).toContain('endConferenceOnExit="false"');
    // The caller's queue ends with the bridge; its action seats the caller in the same conference (ending it when they leave).
    const followed = await sim.dequeue({ callSid, to: number, result: "bridged", queueTime: 5 });
    expect(conferenceName(followed.body)).toBe(conference);
    expect(followed.body).toContain('endConferenceOnExit="true"');
    expect((await tenant.client.get("/api/voice/call-logs", tenant.agentA.token)).body.data).toEqual([]);
    // The caller joins: the conference reports it, and the service holds the caller's leg.
    const statusUrl = twimlAttribute(followed.body, "Conference", "statusCallback")!;
    const conferenceSid = await joinConference(conference!, callSid);
    expect((await playCallback(statusUrl, { ConferenceSid: conferenceSid, FriendlyName: conference!, StatusCallbackEvent: "participant-join", CallSid: callSid })).status).toBe(200);
    const holds = (await controlRequests(callSid)).filter((c) => c.kind === "participant.update");
    expect(holds).toEqual([expect.objectContaining({ call: callSid, body: expect.objectContaining({ Hold: "true", HoldUrl: expect.stringMatching(/^https?:\/\//) }) })]);
    // The reloaded panel knows the call is on hold.
    const status = await tenant.client.get("/api/agent/status", tenant.agentA.token);
    expect(status.body).toMatchObject({ status: "busy", call: { call_sid: callSid, phase: "connected", on_hold: true } });
    // Available on a call (a click that reached the server after the accept) changes nothing: the agent stays on the call, not offerable.
    const early = await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/on a call/);
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body).toMatchObject({ status: "busy", call: { call_sid: callSid, phase: "connected" } });
    // Holding again changes nothing and asks the provider nothing.
    expect((await hold(tenant, callSid, true)).body).toMatchObject({ state: "held" });
    expect((await controlRequests(callSid)).filter((c) => c.kind === "participant.update")).toHaveLength(1);

    await new Promise((r) => setTimeout(r, 1100));
    const resumed = await hold(tenant, callSid, false);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ state: "answered", on_hold: false });
    expect(resumed.body.hold_seconds).toBeGreaterThanOrEqual(1);
    const updates = (await controlRequests(callSid)).filter((c) => c.kind === "participant.update");
    expect(updates.at(-1)).toMatchObject({ conference, body: { Hold: "false" } });

    // The caller hangs up: the conversation is logged as answered, with its hold time; the agent wraps up.
    expect((await sim.callStatus({ callSid, to: number, status: "completed", duration: 30 })).status).toBe(200);
    const [log] = (await tenant.client.get("/api/voice/call-logs", tenant.agentA.token)).body.data;
    expect(log).toMatchObject({ call_sid: callSid, status: "completed", user_id: tenant.agentA.id });
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status).toBe("wrap_up");
    // The call is over: controls find nothing.
    expect((await hold(tenant, callSid, true)).status).toBe(404);
  });

  it("only a party of the call or a supervisor in scope may hold it: others 404, bad input 422, nothing sent to the provider", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const { callSid, agentLeg } = await connectedInboundCall(tenant);
    expect((await hold(tenant, callSid, true, tenant.agentB.token)).status).toBe(404);
    expect((await hold(tenant, callSid, true, tenant.managerB.token)).status).toBe(404);
    expect((await hold(other, callSid, true, other.admin.token)).status).toBe(404);
    expect((await tenant.client.post(`/api/calls/${callSid}/hold`, { on: "yes" }, tenant.agentA.token)).status).toBe(422);
    expect((await tenant.client.post(`/api/calls/not-a-call/hold`, { on: true }, tenant.agentA.token)).status).toBe(404);
    expect((await tenant.client.post(`/api/calls/${callSid}/hold`, { on: true })).status).toBe(401);
    expect(await controlRequests(agentLeg)).toEqual([]);
    // The department's manager supervises the call and may hold it.
    expect((await hold(tenant, callSid, true, tenant.managerA.token)).body).toMatchObject({ state: "held" });
  });

  it("two hold requests at once move the call once: one request to the provider", async () => {
    const tenant = await createTenant();
    const { callSid, agentLeg } = await connectedInboundCall(tenant);
    const answers = await Promise.all([hold(tenant, callSid, true), hold(tenant, callSid, true), hold(tenant, callSid, true, tenant.managerA.token)]);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(await controlRequests(agentLeg)).toHaveLength(1);
  });
});

describe("manual calls are calls the server knows", () => {
  it("the agent is busy from the dial, a reload finds the call, a hold moves the dialed leg and the agent's Dial action follows it, the end logs one call and wraps up", async () => {
    const tenant = await createTenant();
    await giveNumber(tenant);
    const sim = provider();
    const who = identity(tenant.agentA.id);
    expect((await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token)).status).toBe(200);
    const to = "+14155550188";
    const call = await sim.manualCall({ identity: who, to });
    const dialing = await tenant.client.get("/api/agent/status", tenant.agentA.token);
    expect(dialing.body).toMatchObject({ status: "busy", current_call_sid: call.callSid, call: { call_sid: call.callSid, phase: "connected", direction: "outbound", number: to } });
    // The dialed number picks up: the provider says so (statusCallbackEvent answered), naming the dialed leg.
    const statusUrl = twimlAttribute(call.body, "Number", "statusCallback")!;
    expect(twimlAttribute(call.body, "Number", "statusCallbackEvent")).toBe("answered completed");
    const dialedLeg = newCallSid();
    expect((await playCallback(statusUrl, { CallSid: dialedLeg, ParentCallSid: call.callSid, CallStatus: "in-progress", To: to, From: "+15005550006" })).status).toBe(200);

    expect((await hold(tenant, call.callSid, true)).body).toMatchObject({ state: "held", direction: "outbound-manual" });
    const [move] = await controlRequests(dialedLeg);
    expect(move).toMatchObject({ kind: "call.update" });
    expect(move.body.Twiml).toContain('endConferenceOnExit="true"');
    // The agent's Dial ends because its dialed leg left: its action seats the agent in the conference, and logs nothing.
    const action = await playCallback(statusUrl, {
      CallSid: call.callSid,
      From: `client:${who}`,
      To: to,
      CallStatus: "in-progress",
      DialCallSid: dialedLeg,
      DialCallStatus: "completed",
      DialCallDuration: "4",
    });
    expect(conferenceName(action.body)).toBe(conferenceName(move.body.Twiml));
    expect(action.body).toContain('startConferenceOnEnter="true"');
    expect((await tenant.client.get("/api/voice/call-logs", tenant.agentA.token)).body.data).toEqual([]);

    // The dialed person hangs up: one log under the agent's CallSid; the agent wraps up.
    expect((await playCallback(statusUrl, { CallSid: dialedLeg, ParentCallSid: call.callSid, CallStatus: "completed", CallDuration: "40", To: to })).status).toBe(200);
    const logs = (await tenant.client.get("/api/voice/call-logs", tenant.agentA.token)).body.data;
    expect(logs).toEqual([expect.objectContaining({ call_sid: call.callSid, direction: "outbound-manual", status: "completed", duration: 40 })]);
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body).toMatchObject({ status: "wrap_up" });
  });

  it("a call nobody answers gives the agent back the state they were in, and queue calls are not offered while dialing", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const sim = provider();
    const who = identity(tenant.agentA.id);
    expect((await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token)).status).toBe(200);
    const call = await sim.manualCall({ identity: who, to: "+14155550189" });
    await sim.inboundCall({ from: "+14155550190", to: number });
    const [waiting] = (await tenant.client.get("/api/queue/calls", tenant.agentA.token)).body.data;
    expect((await tenant.client.post(`/api/queue/calls/${waiting.id}/accept`, {}, tenant.agentA.token)).status).toBe(409);
    await sim.manualStatus({ callSid: call.callSid, identity: who, to: "+14155550189", status: "no-answer", duration: 0 });
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body).toMatchObject({ status: "available", call: null });

    // Dialing while offline: back to offline after the call, even after a conversation.
    expect((await tenant.client.post("/api/agent/status", { status: "offline" }, tenant.agentA.token)).status).toBe(200);
    const second = await sim.manualCall({ identity: who, to: "+14155550191" });
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status).toBe("busy");
    await sim.manualStatus({ callSid: second.callSid, identity: who, to: "+14155550191", status: "completed", duration: 12 });
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status).toBe("offline");
  });

  it("a call never makes an agent ready: Busy, a call, wrap-up that says it ends in Busy, and no caller offered meanwhile (I4)", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const sim = provider();
    const who = identity(tenant.agentA.id);
    const status = async () => (await tenant.client.get("/api/agent/status", tenant.agentA.token)).body;
    const queues = (await tenant.client.get("/api/queues", tenant.admin.token)).body.data as { id: number; name: string }[];
    expect((await tenant.client.patch(`/api/queues/${queues.find((q) => q.name === "General")!.id}`, { distribution: "offer" }, tenant.admin.token)).status).toBe(200);
    // From Available, a call wraps up back to Available.
    expect((await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentB.token)).status).toBe(200);
    const second = await sim.manualCall({ identity: identity(tenant.agentB.id), to: "+14155550194" });
    await sim.manualStatus({ callSid: second.callSid, identity: identity(tenant.agentB.id), to: "+14155550194", status: "completed", duration: 5 });
    expect((await tenant.client.get("/api/agent/status", tenant.agentB.token)).body).toMatchObject({ status: "wrap_up", wrap_up: { returns_to: "available" } });

    // From Busy, back to Busy.
    expect((await tenant.client.post("/api/agent/status", { status: "busy" }, tenant.agentA.token)).status).toBe(200);
    const call = await sim.manualCall({ identity: who, to: "+14155550192" });
    await sim.manualStatus({ callSid: call.callSid, identity: who, to: "+14155550192", status: "completed", duration: 20 });
    // Wrap-up says where it ends (the softphone's "Save notes and close" posts it).
    expect(await status()).toMatchObject({ status: "wrap_up", wrap_up: { returns_to: "busy" } });
    await sim.inboundCall({ from: "+14155550193", to: number });
    expect((await tenant.client.post("/api/agent/status", { status: "busy" }, tenant.agentA.token)).status).toBe(200);
    expect(await status()).toMatchObject({ status: "busy", wrap_up: null });
    expect((await tenant.client.get("/api/offers", tenant.agentA.token)).body.data).toEqual([]);
  });
});
