import { describe, expect, it } from "vitest";
import {
  awaitControl,
  conferenceName,
  conferencedInboundCall,
  connectedInboundCall,
  controlRequests,
  dialedTo,
  joined,
  providerCallEnded,
  slowProvider,
  twimlAttribute,
} from "../support/call-control";
import { playCallback } from "../support/campaigns";
import { createTenant, type Tenant } from "../support/factories";

// Issue 40: calls as the real provider times them. The provider double
// answers late when told to (its callbacks, played by the test, then come
// first), refuses to coach a leg that is not in the conference (16028) and to
// change a call that has ended (21220), as the provider does.

const statusOf = async (tenant: Tenant, token: string) => (await tenant.client.get("/api/agent/status", token)).body;
const available = async (tenant: Tenant, token: string) => expect((await tenant.client.post("/api/agent/status", { status: "available" }, token)).status).toBe(200);
const holds = async (callSid: string) => (await controlRequests(callSid)).filter((c) => c.kind === "participant.update").map((c) => c.body.Hold);
const SLOW_MS = 4000;

/** A request still waiting for its answer: whether it has settled, and the answer. */
function pending<T>(request: Promise<T>) {
  const state = { settled: false };
  void request.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return { state, answer: request };
}

/** A request that dials `to` into the call's conference, the provider answering the dial late: the request on its way, and the dial the provider has already placed. */
async function dialAnsweredLate<T>(to: string, request: () => Promise<T>) {
  await slowProvider("participant.create", SLOW_MS, to);
  const sending = pending(request());
  const ring = await awaitControl((c) => c.kind === "participant.create" && c.body.To === to);
  return { sending, ring };
}

describe("a callback that comes before the provider's REST answer is not lost", () => {
  it("a cold transfer answered late: the target's answer and join came first; when the answer comes the target's part is answered and the caller is taken off hold", async () => {
    const tenant = await createTenant();
    await available(tenant, tenant.agentB.token);
    const { callSid, conference, statusUrl } = await conferencedInboundCall(tenant);
    const target = `client:user_${tenant.agentB.id}`;
    const { sending, ring } = await dialAnsweredLate(target, () =>
      tenant.client.post(`/api/calls/${callSid}/transfer`, { target: { type: "agent", id: tenant.agentB.id }, mode: "cold" }, tenant.agentA.token),
    );
    // The target's browser answers and joins the conference while the provider's answer to the dial is on its way.
    expect((await playCallback(ring.body.StatusCallback, { CallSid: ring.call, CallStatus: "in-progress" })).status).toBe(200);
    await joined(statusUrl, conference, ring.call);
    expect(sending.state.settled).toBe(false);

    const sent = await sending.answer;
    expect(sent.status).toBe(200);
    expect(sent.body.call_sid).toBe(ring.call);
    // The caller was held before the target rang, and is with the target now.
    expect(await holds(callSid)).toEqual(["true", "false", "true", "false"]);
    expect(await statusOf(tenant, tenant.agentB.token)).toMatchObject({ status: "busy", call: { call_sid: ring.call, state: "answered", phase: "connected" } });
    expect(await statusOf(tenant, tenant.agentA.token)).toMatchObject({ status: "wrap_up" });
  });

  it("a third party answered late: their join that came first counts, and a party whose hang-up came first has left", async () => {
    const tenant = await createTenant();
    await available(tenant, tenant.agentB.token);
    const { callSid, conference, statusUrl } = await conferencedInboundCall(tenant);
    const target = `client:user_${tenant.agentB.id}`;
    const { sending: adding, ring } = await dialAnsweredLate(target, () => tenant.client.post(`/api/calls/${callSid}/participants`, { agent_id: tenant.agentB.id }, tenant.agentA.token));
    await joined(statusUrl, conference, ring.call);
    expect(adding.state.settled).toBe(false);
    const added = await adding.answer;
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ user_id: tenant.agentB.id, state: "joined" });

    // A number that is busy: its final status comes before the provider's answer; the party never came.
    const number = "+14155550161";
    const { sending: dialing, ring: busy } = await dialAnsweredLate(number, () => tenant.client.post(`/api/calls/${callSid}/participants`, { number }, tenant.agentA.token));
    expect((await playCallback(busy.body.StatusCallback, { CallSid: busy.call, CallStatus: "busy" })).status).toBe(200);
    expect(dialing.state.settled).toBe(false);
    expect((await dialing.answer).status).toBe(201);
    const parties = (await tenant.client.get(`/api/calls/${callSid}/participants`, tenant.agentA.token)).body.data;
    expect(parties).toEqual([expect.objectContaining({ id: added.body.id, state: "joined" })]);
  });
});

describe("whisper or barge first", () => {
  it("a whisper on a call still on its bridge: the agent's leg moves into the conference and the supervisor is dialed to coach it only once the conference reports it", async () => {
    const tenant = await createTenant();
    const { callSid, agentLeg } = await connectedInboundCall(tenant);
    const whisper = pending(tenant.client.post(`/api/calls/${callSid}/monitor`, { mode: "whisper" }, tenant.managerA.token));
    const move = await awaitControl((c) => c.kind === "call.update" && c.call === agentLeg);
    const conference = conferenceName(move.body.Twiml)!;
    const statusUrl = twimlAttribute(move.body.Twiml, "Conference", "statusCallback")!;
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Nobody was dialed to coach a leg the conference has not reported.
    expect((await controlRequests()).filter((c) => c.kind === "participant.create" && c.conference === conference)).toEqual([]);
    expect(whisper.state.settled).toBe(false);
    await joined(statusUrl, conference, agentLeg);

    const answer = await whisper.answer;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ role: "monitor", monitor_mode: "whisper" });
    const dial = await dialedTo(`client:user_${tenant.managerA.id}`);
    expect(dial).toMatchObject({ body: { Coaching: "true", CallSidToCoach: agentLeg } });
    expect(dial.refused).toBeUndefined();
  });

  it("a switch to whisper after listening waits the same way; barge needs no coached leg", async () => {
    const tenant = await createTenant();
    const { callSid, agentLeg } = await connectedInboundCall(tenant);
    const listening = await tenant.client.post(`/api/calls/${callSid}/monitor`, { mode: "listen" }, tenant.managerA.token);
    expect(listening.status).toBe(200);
    const dial = await dialedTo(`client:user_${tenant.managerA.id}`);
    const move = (await controlRequests(agentLeg))[0];
    const conference = conferenceName(move.body.Twiml)!;
    const statusUrl = twimlAttribute(move.body.Twiml, "Conference", "statusCallback")!;
    await joined(statusUrl, conference, dial.call);
    const whisper = pending(tenant.client.post(`/api/calls/${callSid}/monitor`, { mode: "whisper" }, tenant.managerA.token));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(whisper.state.settled).toBe(false);
    await joined(statusUrl, conference, agentLeg);
    expect((await whisper.answer).body).toMatchObject({ monitor_mode: "whisper" });
    expect((await controlRequests(dial.call)).at(-1)).toMatchObject({ kind: "participant.update", body: { Coaching: "true", CallSidToCoach: agentLeg } });
    expect((await controlRequests()).filter((c) => c.refused)).not.toContainEqual(expect.objectContaining({ conference }));
  });
});

describe("don't hang up the departed", () => {
  it("the caller hangs up a conferenced call: the conference reports them and then the agent leaving; the caller's leg is not hung up again", async () => {
    const tenant = await createTenant();
    const { sim, number, callSid, agentLeg, conference, statusUrl } = await conferencedInboundCall(tenant);
    await providerCallEnded(callSid);
    const leave = (leg: string) => playCallback(statusUrl, { ConferenceSid: "CF0", FriendlyName: conference, StatusCallbackEvent: "participant-leave", CallSid: leg });
    expect((await leave(callSid)).status).toBe(200);
    // The caller ended the conference (endConferenceOnExit): the agent's leg leaves it too, before the caller's final status comes.
    await providerCallEnded(agentLeg);
    expect((await leave(agentLeg)).status).toBe(200);
    expect((await sim.callStatus({ callSid, to: number, status: "completed", duration: 30 })).status).toBe(200);
    expect((await controlRequests(callSid)).filter((c) => c.kind === "call.update")).toEqual([]);
    expect((await tenant.client.get("/api/voice/call-logs", tenant.agentA.token)).body.data).toEqual([expect.objectContaining({ call_sid: callSid, status: "completed" })]);
  });

  it("the agent leaves while the caller is still on: the caller, alone, is hung up", async () => {
    const tenant = await createTenant();
    const { callSid, agentLeg, conference, statusUrl } = await conferencedInboundCall(tenant);
    await providerCallEnded(agentLeg);
    expect((await playCallback(statusUrl, { ConferenceSid: "CF0", FriendlyName: conference, StatusCallbackEvent: "participant-leave", CallSid: agentLeg })).status).toBe(200);
    expect((await controlRequests(callSid)).filter((c) => c.kind === "call.update")).toEqual([expect.objectContaining({ body: expect.objectContaining({ Status: "completed" }) })]);
    expect((await controlRequests(callSid)).filter((c) => c.refused)).toEqual([]);
  });
});

describe("conference status callbacks whoever joins first", () => {
  it("every party dialed into a call's conference carries the conference's status address and events", async () => {
    const tenant = await createTenant();
    await available(tenant, tenant.agentB.token);
    const { callSid, statusUrl } = await conferencedInboundCall(tenant);
    expect((await tenant.client.post(`/api/calls/${callSid}/participants`, { number: "+14155550162" }, tenant.agentA.token)).status).toBe(201);
    expect((await tenant.client.post(`/api/calls/${callSid}/monitor`, { mode: "listen" }, tenant.managerA.token)).status).toBe(200);
    expect((await tenant.client.post(`/api/calls/${callSid}/transfer`, { target: { type: "agent", id: tenant.agentB.id }, mode: "warm" }, tenant.agentA.token)).status).toBe(200);
    const created = await Promise.all(["+14155550162", `client:user_${tenant.managerA.id}`, `client:user_${tenant.agentB.id}`].map(dialedTo));
    for (const dial of created) {
      expect(dial.body).toMatchObject({ ConferenceStatusCallback: statusUrl, ConferenceStatusCallbackMethod: "POST" });
      expect(dial.body.ConferenceStatusCallbackEvent).toEqual(expect.arrayContaining(["start", "end", "join", "leave"]));
    }
  });
});
