import { describe, expect, it } from "vitest";
import { conferenceName, conferencedInboundCall, connectedInboundCall, controlRequests, dialedTo, joined, twimlAttribute } from "../support/call-control";
import { playCallback } from "../support/campaigns";
import { subscribe } from "../support/event-stream";
import { createTenant, type Tenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";
import { newCallSid } from "@/lib/twilio/simulator/simulator";

// Issue 22: transfers, three-way calls and monitoring. The fake provider
// plays the provider's REST API (and records what the service asked); its
// callbacks are played signed, in the order it sends them.

const identity = (id: number) => `user_${id}`;
const transfer = (tenant: Tenant, callSid: string, body: unknown, token = tenant.agentA.token) => tenant.client.post(`/api/calls/${callSid}/transfer`, body, token);
const statusOf = async (tenant: Tenant, token: string) => (await tenant.client.get("/api/agent/status", token)).body;
const available = async (tenant: Tenant, token: string) => expect((await tenant.client.post("/api/agent/status", { status: "available" }, token)).status).toBe(200);

describe("cold transfer", () => {
  it(
    "to an agent: the caller holds while the target rings, the agent's part is logged and wraps up; the target's join takes " +
      "the caller off hold; the caller's hang-up logs the target's part, linked",
    async () => {
      const tenant = await createTenant();
      await available(tenant, tenant.agentB.token);
      const { sim, number, callSid, agentLeg } = await connectedInboundCall(tenant);

      const sent = await transfer(tenant, callSid, { target: { type: "agent", id: tenant.agentB.id }, mode: "cold" });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({
        parent_call_sid: callSid,
        state: "ringing",
        direction: "inbound",
        user_id: tenant.agentB.id,
        transfer: { mode: "cold", to: { type: "agent", user_id: tenant.agentB.id } },
      });
      const targetLeg = sent.body.call_sid;
      // The provider was asked: the agent's leg into the conference, the target's browser dialed into it, then the agent's leg ended.
      const ring = await dialedTo(`client:${identity(tenant.agentB.id)}`);
      expect(ring.call).toBe(targetLeg);
      expect(ring.body.StatusCallback).toMatch(/\/api\/telephony\/participant\?p=\d+/);
      const agentControls = await controlRequests(agentLeg);
      expect(agentControls.map((c) => c.kind)).toEqual(["call.update", "call.update"]);
      expect(agentControls[1].body).toMatchObject({ Status: "completed" });
      const conference = ring.conference!;

      // The agent's part is over: logged, wrap-up. The target is busy on the new part.
      expect(await statusOf(tenant, tenant.agentA.token)).toMatchObject({ status: "wrap_up" });
      const [first] = (await tenant.client.get("/api/voice/call-logs", tenant.agentA.token)).body.data;
      expect(first).toMatchObject({ call_sid: callSid, status: "completed", user_id: tenant.agentA.id, parent_call_sid: null });
      expect(await statusOf(tenant, tenant.agentB.token)).toMatchObject({ status: "busy", current_call_sid: targetLeg, call: { call_sid: targetLeg, direction: "inbound", state: "ringing" } });

      // The caller's queue ended with the bridge: they follow into the same conference, and are held as they join.
      const followed = await sim.dequeue({ callSid, to: number, result: "bridged", queueTime: 4 });
      expect(conferenceName(followed.body)).toBe(conference);
      const statusUrl = twimlAttribute(followed.body, "Conference", "statusCallback")!;
      await joined(statusUrl, conference, callSid);
      expect((await controlRequests(callSid)).filter((c) => c.kind === "participant.update").map((c) => c.body.Hold)).toEqual(["true"]);

      // The target picks up: their part is answered, the caller comes off hold.
      await joined(statusUrl, conference, targetLeg);
      expect((await controlRequests(callSid)).filter((c) => c.kind === "participant.update").map((c) => c.body.Hold)).toEqual(["true", "false"]);
      const onCall = await statusOf(tenant, tenant.agentB.token);
      expect(onCall.call).toMatchObject({ call_sid: targetLeg, phase: "connected", state: "answered", transferred_from: expect.any(String) });

      // The caller hangs up: the target's part is logged, linked to the part it came from; the target wraps up.
      expect((await sim.callStatus({ callSid, to: number, status: "completed", duration: 60 })).status).toBe(200);
      const [second] = (await tenant.client.get("/api/voice/call-logs", tenant.agentB.token)).body.data;
      expect(second).toMatchObject({ call_sid: targetLeg, parent_call_sid: callSid, status: "completed", user_id: tenant.agentB.id, direction: "inbound" });
      expect(second.hold_seconds).toBeGreaterThanOrEqual(0);
      expect(await statusOf(tenant, tenant.agentB.token)).toMatchObject({ status: "wrap_up" });
      // Reports count the transfer.
      const summary = await tenant.client.get("/api/reports/summary", tenant.admin.token);
      // One caller, answered once (the target's part is not a second caller); two logged parts, one of them a transfer.
      expect(summary.body).toMatchObject({ transfers: 1, inbound_calls: 1, answered: 1, abandoned: 0, total_calls: 2 });
    },
  );

  it("a target who never answers: the caller goes back to the queue of the target's department and the target back to available; an agent who accepts it joins the caller's conference", async () => {
    const tenant = await createTenant();
    await available(tenant, tenant.agentB.token);
    const { sim, number, callSid, conference, statusUrl } = await conferencedInboundCall(tenant);
    const sent = await transfer(tenant, callSid, { target: { type: "agent", id: tenant.agentB.id }, mode: "cold" });
    expect(sent.status).toBe(200);
    const ring = await dialedTo(`client:${identity(tenant.agentB.id)}`);
    // The caller is already in the conference: held at once.
    expect((await controlRequests(callSid)).filter((c) => c.kind === "participant.update").at(-1)!.body.Hold).toBe("true");

    expect((await playCallback(ring.body.StatusCallback, { CallSid: ring.call, CallStatus: "no-answer" })).status).toBe(200);
    // Played again (the provider retries): nothing changes twice.
    expect((await playCallback(ring.body.StatusCallback, { CallSid: ring.call, CallStatus: "no-answer" })).status).toBe(200);
    expect(await statusOf(tenant, tenant.agentB.token)).toMatchObject({ status: "available", call: null });
    const waiting = (await tenant.client.get("/api/queue/calls", tenant.agentB.token)).body.data;
    expect(waiting).toEqual([expect.objectContaining({ from: "+14155550177", to: number })]);

    // Agent B accepts it after all: their device joins the caller's conference (not a provider queue), and the caller comes off hold.
    expect((await tenant.client.post(`/api/queue/calls/${waiting[0].id}/accept`, {}, tenant.agentB.token)).status).toBe(200);
    const device = await sim.agentConnects({ identity: identity(tenant.agentB.id), to: number, queueEntryId: String(waiting[0].id) });
    expect(conferenceName(device.body)).toBe(conference);
    expect(device.body).toContain('endConferenceOnExit="false"');
    expect((await controlRequests(callSid)).filter((c) => c.kind === "participant.update").at(-1)!.body.Hold).toBe("false");
    expect(await statusOf(tenant, tenant.agentB.token)).toMatchObject({ status: "busy", call: { phase: "connected", direction: "inbound" } });
    void statusUrl;

    expect((await sim.callStatus({ callSid, to: number, status: "completed", duration: 60 })).status).toBe(200);
    const logs = (await tenant.client.get("/api/voice/call-logs?per_page=10", tenant.admin.token)).body.data;
    // Agent A's part, B's unanswered ring, and B's part taken from the queue: three logs, each linked to the one before.
    expect(logs).toHaveLength(3);
    const byUser = logs.filter((l: { user_id: number | null; status: string }) => l.user_id === tenant.agentB.id && l.status === "completed");
    expect(byUser).toHaveLength(1);
    expect(byUser[0].parent_call_sid).toBe(ring.call);
    expect(await statusOf(tenant, tenant.agentB.token)).toMatchObject({ status: "wrap_up" });
  });

  it("to a department's queue: the caller waits on hold as that queue's entry, the agent wraps up at once", async () => {
    const tenant = await createTenant();
    const { sim, number, callSid } = await conferencedInboundCall(tenant);
    // Who hears of the waiting caller: those who serve department B's queue, not agent A (issue 59, point 9).
    const [heardByA, heardByB] = await Promise.all([subscribe(tenant.agentA.token), subscribe(tenant.agentB.token)]);
    const sent = await transfer(tenant, callSid, { target: { type: "queue", id: tenant.departments.b.id }, mode: "cold" });
    expect(sent.status).toBe(200);
    expect(await heardByB.waitFor((e) => e.type === "queue.entry.added" && e.data.call_sid === sent.body.call_sid)).toMatchObject({ data: { from: "+14155550177", transferred: true } });
    expect(sent.body).toMatchObject({ state: "queued", parent_call_sid: callSid, user_id: null, transfer: { to: { type: "queue", department_id: tenant.departments.b.id } } });
    expect(await statusOf(tenant, tenant.agentA.token)).toMatchObject({ status: "wrap_up" });
    // A's own status, changed after the transfer, reaches A's stream after any queue event before it would have.
    await available(tenant, tenant.agentA.token);
    expect(await heardByA.waitFor((e) => e.type === "agent.status.changed" && e.data.status === "available")).toBeDefined();
    expect(heardByA.events.filter((e) => e.type === "queue.entry.added" && e.data.call_sid === sent.body.call_sid)).toEqual([]);
    heardByA.close();
    heardByB.close();
    const waiting = (await tenant.client.get("/api/queue/calls", tenant.agentB.token)).body.data;
    expect(waiting).toEqual([expect.objectContaining({ call_sid: sent.body.call_sid, from: "+14155550177" })]);
    // The caller hangs up while waiting: the queued part is logged unanswered, the entry leaves the queue.
    expect((await sim.callStatus({ callSid, to: number, status: "completed" })).status).toBe(200);
    expect((await tenant.client.get("/api/queue/calls", tenant.agentB.token)).body.data).toEqual([]);
    const logs = (await tenant.client.get("/api/voice/call-logs", tenant.admin.token)).body.data;
    expect(logs).toEqual(expect.arrayContaining([expect.objectContaining({ call_sid: sent.body.call_sid, parent_call_sid: callSid, status: "no-answer", user_id: null })]));
  });

  it("refuses what cannot be done, before anything is dialed: a busy target 409, an unknown target or bad body 422, another agent's call 404, a warm transfer to a queue 422", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const { callSid, agentLeg } = await connectedInboundCall(tenant);
    expect((await transfer(tenant, callSid, { target: { type: "agent", id: tenant.agentB.id }, mode: "cold" })).status).toBe(409);
    expect((await transfer(tenant, callSid, { target: { type: "agent", id: other.agentA.id }, mode: "cold" })).body.errors).toHaveProperty(["target.id"]);
    expect((await transfer(tenant, callSid, { target: { type: "agent", id: tenant.agentA.id }, mode: "cold" })).status).toBe(422);
    expect((await transfer(tenant, callSid, { target: { type: "queue", id: other.departments.a.id }, mode: "cold" })).status).toBe(422);
    expect((await transfer(tenant, callSid, { target: { type: "queue", id: tenant.departments.a.id }, mode: "warm" })).status).toBe(422);
    expect((await transfer(tenant, callSid, { target: { type: "number", number: "555" }, mode: "cold" })).status).toBe(422);
    expect((await transfer(tenant, callSid, { target: { type: "robot" }, mode: "cold" })).status).toBe(422);
    expect((await transfer(tenant, callSid, { target: { type: "number", number: "+14155550111" }, mode: "lukewarm" })).status).toBe(422);
    expect((await transfer(tenant, callSid, { target: { type: "number", number: "+14155550111" }, mode: "cold" }, tenant.agentB.token)).status).toBe(404);
    expect((await transfer(other, callSid, { target: { type: "number", number: "+14155550111" }, mode: "cold" }, other.admin.token)).status).toBe(404);
    expect(await controlRequests(agentLeg)).toEqual([]);
    expect(await statusOf(tenant, tenant.agentA.token)).toMatchObject({ status: "busy" });
  });

  it("two transfers of one call at once: one is applied, one provider dial", async () => {
    const tenant = await createTenant();
    const { callSid } = await conferencedInboundCall(tenant);
    const to = "+14155550142";
    const answers = await Promise.all([0, 1, 2].map(() => transfer(tenant, callSid, { target: { type: "number", number: to }, mode: "warm" })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    await dialedTo(to);
  });
});

describe("warm transfer", () => {
  it("the caller holds while the agent consults the target; complete hands the caller over and wraps the agent up", async () => {
    const tenant = await createTenant();
    await available(tenant, tenant.agentB.token);
    const { sim, number, callSid, agentLeg, conference, statusUrl } = await conferencedInboundCall(tenant);
    const sent = await transfer(tenant, callSid, { target: { type: "agent", id: tenant.agentB.id }, mode: "warm" });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ state: "consult", parent_call_sid: callSid });
    const targetLeg = sent.body.call_sid;
    expect((await controlRequests(callSid)).filter((c) => c.kind === "participant.update").at(-1)!.body.Hold).toBe("true");
    expect(await statusOf(tenant, tenant.agentA.token)).toMatchObject({ status: "busy", call: { call_sid: callSid, on_hold: true } });
    expect(await statusOf(tenant, tenant.agentB.token)).toMatchObject({ status: "busy", call: { call_sid: targetLeg, state: "consult" } });
    // Completing before the target answers: 409.
    expect((await tenant.client.post(`/api/calls/${callSid}/transfer/complete`, {}, tenant.agentA.token)).status).toBe(409);
    await joined(statusUrl, conference, targetLeg);

    const [completed, again] = await Promise.all([
      tenant.client.post(`/api/calls/${callSid}/transfer/complete`, {}, tenant.agentA.token),
      tenant.client.post(`/api/calls/${callSid}/transfer/complete`, {}, tenant.agentA.token),
    ]);
    // Completed once: the second finds the agent's part over (404) or the transfer claimed (409).
    expect([completed.status, again.status].filter((s) => s === 200)).toHaveLength(1);
    expect([404, 409]).toContain([completed.status, again.status].filter((s) => s !== 200)[0]);
    const done = completed.status === 200 ? completed : again;
    expect(done.body).toMatchObject({ call_sid: targetLeg, state: "answered", parent_call_sid: callSid });
    expect((await controlRequests(callSid)).filter((c) => c.kind === "participant.update").at(-1)!.body.Hold).toBe("false");
    expect((await controlRequests(agentLeg)).at(-1)).toMatchObject({ kind: "call.update", body: { Status: "completed" } });
    expect(await statusOf(tenant, tenant.agentA.token)).toMatchObject({ status: "wrap_up" });
    const [first] = (await tenant.client.get("/api/voice/call-logs", tenant.agentA.token)).body.data;
    expect(first).toMatchObject({ call_sid: callSid, user_id: tenant.agentA.id, status: "completed" });
    expect(first.hold_seconds).toBeGreaterThanOrEqual(0);

    expect((await sim.callStatus({ callSid, to: number, status: "completed", duration: 90 })).status).toBe(200);
    expect((await tenant.client.get("/api/voice/call-logs", tenant.agentB.token)).body.data).toEqual([
      expect.objectContaining({ call_sid: targetLeg, parent_call_sid: callSid, user_id: tenant.agentB.id }),
    ]);
    expect(await statusOf(tenant, tenant.agentB.token)).toMatchObject({ status: "wrap_up" });
  });

  it("the caller hanging up during a consultation ends it: the target goes back to where they were, the agent wraps up", async () => {
    const tenant = await createTenant();
    await available(tenant, tenant.agentB.token);
    const { sim, number, callSid, conference, statusUrl } = await conferencedInboundCall(tenant);
    const sent = await transfer(tenant, callSid, { target: { type: "agent", id: tenant.agentB.id }, mode: "warm" });
    await joined(statusUrl, conference, sent.body.call_sid);
    expect(await statusOf(tenant, tenant.agentB.token)).toMatchObject({ status: "busy", call: { state: "consult" } });
    expect((await sim.callStatus({ callSid, to: number, status: "completed", duration: 30 })).status).toBe(200);
    expect(await statusOf(tenant, tenant.agentB.token)).toMatchObject({ status: "available", call: null });
    expect(await statusOf(tenant, tenant.agentA.token)).toMatchObject({ status: "wrap_up" });
    const [logged] = (await tenant.client.get("/api/voice/call-logs", tenant.agentA.token)).body.data;
    expect(logged).toMatchObject({ call_sid: callSid, user_id: tenant.agentA.id, status: "completed" });
  });

  it("cancel ends the target's leg, gives the target agent back, and takes the caller off hold; a number works the same way", async () => {
    const tenant = await createTenant();
    await available(tenant, tenant.agentB.token);
    const { callSid, conference, statusUrl } = await conferencedInboundCall(tenant);
    const sent = await transfer(tenant, callSid, { target: { type: "agent", id: tenant.agentB.id }, mode: "warm" });
    await joined(statusUrl, conference, sent.body.call_sid);
    const canceled = await tenant.client.post(`/api/calls/${callSid}/transfer/cancel`, {}, tenant.agentA.token);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ call_sid: callSid, state: "answered", on_hold: false });
    expect((await controlRequests(sent.body.call_sid)).at(-1)).toMatchObject({ kind: "call.update", body: { Status: "completed" } });
    expect(await statusOf(tenant, tenant.agentB.token)).toMatchObject({ status: "available", call: null });
    expect(await statusOf(tenant, tenant.agentA.token)).toMatchObject({ status: "busy", call: { call_sid: callSid, on_hold: false } });
    expect((await tenant.client.post(`/api/calls/${callSid}/transfer/cancel`, {}, tenant.agentA.token)).status).toBe(409);

    // To a number: dialed from the organization's caller ID.
    const toNumber = await transfer(tenant, callSid, { target: { type: "number", number: "+14155550143" }, mode: "warm" });
    expect(toNumber.status).toBe(200);
    const ring = await dialedTo("+14155550143");
    expect(ring.body.From).toMatch(/^\+\d+$/);
    expect((await tenant.client.post(`/api/calls/${callSid}/transfer/cancel`, {}, tenant.agentA.token)).status).toBe(200);
  });
});

describe("three-way calls", () => {
  it("an agent or a number joins the call; any party leaves; an agent who talked wraps up", async () => {
    const tenant = await createTenant();
    await available(tenant, tenant.agentB.token);
    const { sim, number: called, callSid, conference, statusUrl } = await conferencedInboundCall(tenant);
    const added = await tenant.client.post(`/api/calls/${callSid}/participants`, { agent_id: tenant.agentB.id }, tenant.agentA.token);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ kind: "agent", role: "participant", user_id: tenant.agentB.id, state: "dialing" });
    const ring = await dialedTo(`client:${identity(tenant.agentB.id)}`);
    await joined(statusUrl, conference, ring.call);
    const number = await tenant.client.post(`/api/calls/${callSid}/participants`, { number: "+14155550144" }, tenant.agentA.token);
    expect(number.status).toBe(201);
    expect((await tenant.client.get(`/api/calls/${callSid}/participants`, tenant.agentA.token)).body.data).toEqual([
      expect.objectContaining({ id: added.body.id, state: "joined" }),
      expect.objectContaining({ id: number.body.id, number: "+14155550144" }),
    ]);
    // The added agent's own view of the call (their panel, a reload): the colleague's call, and the row that leaving ends.
    expect((await tenant.client.get("/api/agent/status", tenant.agentB.token)).body.call).toMatchObject({
      phase: "connected",
      call_sid: callSid,
      participant: { id: added.body.id, added_by: expect.stringContaining("agent-a") },
    });
    expect((await tenant.client.post(`/api/calls/${callSid}/participants`, { agent_id: tenant.agentB.id }, tenant.agentA.token)).status).toBe(409);
    expect((await tenant.client.post(`/api/calls/${callSid}/participants`, { agent_id: tenant.agentB.id, number: "+1" }, tenant.agentA.token)).status).toBe(422);

    const removed = await tenant.client.delete(`/api/calls/${callSid}/participants/${added.body.id}`, tenant.agentA.token);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ state: "left" });
    expect((await controlRequests(ring.call)).at(-1)).toMatchObject({ kind: "call.update", body: { Status: "completed" } });
    expect(await statusOf(tenant, tenant.agentB.token)).toMatchObject({ status: "wrap_up" });
    expect((await tenant.client.delete(`/api/calls/${callSid}/participants/${added.body.id}`, tenant.agentA.token)).status).toBe(404);

    // The number hangs up on its own: the conference says so.
    const numberLeg = (await dialedTo("+14155550144")).call;
    const left = await playCallback(statusUrl, { ConferenceSid: "CF0", FriendlyName: conference, StatusCallbackEvent: "participant-leave", CallSid: numberLeg });
    expect(left.status).toBe(200);
    expect((await tenant.client.get(`/api/calls/${callSid}/participants`, tenant.agentA.token)).body.data).toEqual([]);
    // The caller is still with the agent: nobody hung them up.
    expect((await controlRequests(callSid)).filter((c) => c.kind === "call.update")).toEqual([]);

    // The caller hangs up: a call that has ended has no parties (the panel may still ask as it closes), for whoever may read it.
    expect((await sim.callStatus({ callSid, to: called, status: "completed", duration: 30 })).status).toBe(200);
    const after = await tenant.client.get(`/api/calls/${callSid}/participants`, tenant.agentA.token);
    expect([after.status, after.body.data]).toEqual([200, []]);
    expect((await tenant.client.get(`/api/calls/${callSid}/participants`, (await createTenant()).agentA.token)).status).toBe(404);
  });
});

describe("monitoring", () => {
  it("a manager listens, then whispers, then barges: one dial, then participant updates; each in the audit log; the agent's panel sees the whisper", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const { callSid, agentLeg, conference, statusUrl } = await conferencedInboundCall(tenant);
    const monitor = (mode: string, token = tenant.managerA.token) => tenant.client.post(`/api/calls/${callSid}/monitor`, { mode }, token);

    expect((await monitor("listen", tenant.agentA.token)).status).toBe(403);
    expect((await monitor("listen", tenant.managerB.token)).status).toBe(404);
    expect((await other.client.post(`/api/calls/${callSid}/monitor`, { mode: "listen" }, other.admin.token)).status).toBe(404);
    expect((await monitor("shout")).status).toBe(422);

    const listening = await monitor("listen");
    expect(listening.status).toBe(200);
    expect(listening.body).toMatchObject({ role: "monitor", monitor_mode: "listen", user_id: tenant.managerA.id });
    const dial = await dialedTo(`client:${identity(tenant.managerA.id)}`);
    expect(dial.body).toMatchObject({ Muted: "true" });
    expect(dial.body.CallSidToCoach).toBeUndefined();
    await joined(statusUrl, conference, dial.call);
    expect((await statusOf(tenant, tenant.agentA.token)).call.monitored).toBeNull();

    expect((await monitor("whisper")).body).toMatchObject({ monitor_mode: "whisper" });
    expect((await controlRequests(dial.call)).at(-1)).toMatchObject({ kind: "participant.update", body: { Muted: "false", Coaching: "true", CallSidToCoach: agentLeg } });
    expect((await statusOf(tenant, tenant.agentA.token)).call.monitored).toMatchObject({ mode: "whisper" });
    expect((await monitor("barge")).body).toMatchObject({ monitor_mode: "barge" });
    expect((await controlRequests(dial.call)).at(-1)).toMatchObject({ kind: "participant.update", body: { Muted: "false", Coaching: "false" } });
    expect((await controlRequests()).filter((c) => c.kind === "participant.create" && c.body.To === `client:${identity(tenant.managerA.id)}`)).toHaveLength(1);

    const audit = await tenant.client.get("/api/audit-log?action=call.monitor", tenant.admin.token);
    expect(audit.status).toBe(200);
    const modes = audit.body.data
      .filter((e: { action: string }) => e.action === "call.monitor")
      .map((e: { details: { mode: string } }) => e.details.mode)
      .sort();
    expect(modes).toEqual(["barge", "listen", "whisper"]);

    // The wallboard lists the agent on this call.
    const live = await tenant.client.get("/api/reports/live", tenant.managerA.token);
    expect(live.body.agents).toEqual(expect.arrayContaining([expect.objectContaining({ id: tenant.agentA.id, status: "busy", call: expect.objectContaining({ call_sid: callSid }) })]));
  });
});

describe("a manual call handed over", () => {
  it("the dialed party's hang-up ends the target's part after a cold transfer", async () => {
    const tenant = await createTenant();
    await available(tenant, tenant.agentB.token);
    await giveNumber(tenant);
    await available(tenant, tenant.agentA.token);
    const sim = provider();
    const to = "+14155550186";
    const call = await sim.manualCall({ identity: identity(tenant.agentA.id), to });
    const statusUrl = twimlAttribute(call.body, "Number", "statusCallback")!;
    const dialedLeg = newCallSid();
    await playCallback(statusUrl, { CallSid: dialedLeg, ParentCallSid: call.callSid, CallStatus: "in-progress", To: to, From: "+15005550006" });

    const sent = await transfer(tenant, call.callSid, { target: { type: "agent", id: tenant.agentB.id }, mode: "cold" });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ direction: "outbound-manual", parent_call_sid: call.callSid, number: to });
    // The dialed leg was moved into the conference; the agent's leg was ended.
    const [move] = await controlRequests(dialedLeg);
    expect(move).toMatchObject({ kind: "call.update" });
    const conference = conferenceName(move.body.Twiml)!;
    const conferenceStatus = twimlAttribute(move.body.Twiml, "Conference", "statusCallback")!;
    expect((await controlRequests(call.callSid)).at(-1)).toMatchObject({ body: { Status: "completed" } });
    // The agent's Dial action comes (its dialed leg left): the agent does not follow, their part is already logged.
    const action = await playCallback(statusUrl, {
      CallSid: call.callSid,
      From: `client:${identity(tenant.agentA.id)}`,
      To: to,
      CallStatus: "completed",
      DialCallSid: dialedLeg,
      DialCallStatus: "completed",
      DialCallDuration: "4",
    });
    expect(action.body).not.toContain("<Conference");
    expect(await statusOf(tenant, tenant.agentA.token)).toMatchObject({ status: "wrap_up" });

    // The target picks up, then the dialed person hangs up: the target's part is logged under their leg, linked.
    await joined(conferenceStatus, conference, dialedLeg);
    await joined(conferenceStatus, conference, sent.body.call_sid);
    expect(await statusOf(tenant, tenant.agentB.token)).toMatchObject({ status: "busy", call: { call_sid: sent.body.call_sid, direction: "outbound", state: "answered" } });
    expect((await playCallback(statusUrl, { CallSid: dialedLeg, ParentCallSid: call.callSid, CallStatus: "completed", CallDuration: "40", To: to })).status).toBe(200);
    expect((await tenant.client.get("/api/voice/call-logs", tenant.agentB.token)).body.data).toEqual([
      expect.objectContaining({ call_sid: sent.body.call_sid, parent_call_sid: call.callSid, direction: "outbound-manual", status: "completed" }),
    ]);
    expect(await statusOf(tenant, tenant.agentB.token)).toMatchObject({ status: "wrap_up" });
  });
});
