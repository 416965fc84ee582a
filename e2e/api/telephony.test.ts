import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { controlRequests } from "../support/call-control";
import { makeContact } from "../support/contacts";
import { subscribe } from "../support/event-stream";
import { createTenant, type Tenant } from "../support/factories";
import { giveNumber, holdAtProvider, provider } from "../support/provider";
import { TEST_PROVIDER } from "../support/server.mjs";

const identity = (id: number) => `user_${id}`;

async function available(tenant: Tenant, token: string) {
  const response = await tenant.client.post("/api/agent/status", { status: "available" }, token);
  expect(response.status).toBe(200);
}

async function waiting(tenant: Tenant, token = tenant.agentA.token) {
  const response = await tenant.client.get("/api/queue/calls", token);
  expect(response.status).toBe(200);
  return response.body.data;
}

describe("provider signatures", () => {
  it("refuses unsigned, forged and wrong-address signatures with 403 XML and changes nothing", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const sim = provider();
    const params = { CallSid: "CA" + "1".repeat(32), From: "+14155550100", To: number };
    for (const sign of [false, "bm90IGEgc2lnbmF0dXJl", ""]) {
      const response = await sim.post("/api/telephony/inbound", params, sign);
      expect(response.status).toBe(403);
      expect(response.contentType).toContain("xml");
      expect(response.body).toContain("<Error>");
    }
    // Signed for a different public address (as if the Host header were trusted).
    const elsewhere = provider();
    Object.assign(elsewhere, {
      options: { baseUrl: sim["options"].baseUrl, publicBaseUrl: "http://evil.test", authToken: TEST_PROVIDER.TWILIO_AUTH_TOKEN, accountSid: TEST_PROVIDER.TWILIO_ACCOUNT_SID },
    });
    expect((await elsewhere.post("/api/telephony/inbound", params)).status).toBe(403);
    // Tampered parameters after signing are refused too.
    const signed = await sim.post("/api/telephony/status", { CallSid: params.CallSid, To: number, CallStatus: "completed" });
    expect(signed.status).toBe(200);
    expect(await waiting(tenant)).toEqual([]);
    for (const path of [
      "/api/telephony/status",
      "/api/telephony/queue-wait",
      "/api/telephony/dequeue",
      "/api/telephony/agent-dial-queue",
      "/api/telephony/handle-call",
      "/api/voice/manual/twiml",
      "/api/voice/manual/status",
    ]) {
      expect((await sim.post(path, { CallSid: params.CallSid, To: number }, false)).status, path).toBe(403);
    }
  });

  it("an organization's own auth token replaces the environment's for its numbers, from the next callback on", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    // A first call: the server now knows (and remembers) whose number this is.
    expect((await provider().inboundCall({ from: "+14155550102", to: number })).status).toBe(200);
    const ownToken = "own-auth-token-for-this-organization";
    await tenant.client.request("PUT", "/api/settings/telephony", { token: tenant.admin.token, body: { auth_token: ownToken } });
    const envSigned = await provider().inboundCall({ from: "+14155550101", to: number });
    expect(envSigned.status).toBe(403);
    const own = provider();
    Object.assign(own, { options: { ...own["options"], authToken: ownToken } });
    expect((await own.inboundCall({ from: "+14155550101", to: number })).status).toBe(200);
    // Removing it puts the environment's token back, at once.
    await tenant.client.request("PUT", "/api/settings/telephony", { token: tenant.admin.token, body: { auth_token: null } });
    expect((await own.inboundCall({ from: "+14155550103", to: number })).status).toBe(403);
    expect((await provider().inboundCall({ from: "+14155550103", to: number })).status).toBe(200);
  });
});

describe("inbound flow", () => {
  it("enqueues, holds, lets exactly one of two racing agents accept, bridges only that agent and logs the call", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const caller = await makeContact(tenant, { name: "Known Caller" });
    const sim = provider();
    await available(tenant, tenant.agentA.token);
    await available(tenant, tenant.agentB.token);

    const inbound = await sim.inboundCall({ from: caller.phone, to: number });
    expect(inbound.status).toBe(200);
    expect(inbound.contentType).toContain("text/xml");
    expect(inbound.body).toMatch(/<Enqueue[^>]*waitUrl="http:\/\/127\.0\.0\.1:\d+\/api\/telephony\/queue-wait\?org=\d+"[^>]*>q_CA[0-9a-f]{32}<\/Enqueue>/);
    // A retried delivery does not queue the caller twice.
    await sim.post("/api/telephony/inbound", { CallSid: inbound.callSid, From: caller.phone, To: number });

    const queue = await waiting(tenant);
    expect(queue).toEqual([
      expect.objectContaining({
        call_sid: inbound.callSid,
        from: caller.phone,
        to: number,
        position: 1,
        wait_seconds: expect.any(Number),
        queue: `q_${inbound.callSid}`,
        contact: { id: caller.id, name: "Known Caller" },
      }),
    ]);
    const hold = await sim.queueWait({ callSid: inbound.callSid, to: number });
    expect(hold.body).toContain("caller number 1");
    expect(hold.body).toContain("<Play>");

    const [a, b] = await Promise.all([
      tenant.client.post(`/api/queue/calls/${queue[0].id}/accept`, undefined, tenant.agentA.token),
      tenant.client.post(`/api/queue/calls/${queue[0].id}/accept`, undefined, tenant.agentB.token),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [winner, loser] = a.status === 200 ? [tenant.agentA, tenant.agentB] : [tenant.agentB, tenant.agentA];
    const accepted = a.status === 200 ? a.body : b.body;
    expect(accepted).toMatchObject({ action: "dial_queue", queue: `q_${inbound.callSid}`, call_sid: inbound.callSid, params: { QueueEntryId: String(queue[0].id) } });
    expect(await waiting(tenant)).toEqual([]);
    expect((await tenant.client.get("/api/agent/status", winner.token)).body.status).toBe("busy");

    const loserDial = await sim.agentConnects({ identity: identity(loser.id), to: number, queueEntryId: String(queue[0].id) });
    expect(loserDial.body).not.toContain("<Dial>");
    const dial = await sim.agentConnects({ identity: identity(winner.id), to: number, queueEntryId: String(queue[0].id) });
    expect(dial.body).toContain(`<Dial><Queue>q_${inbound.callSid}</Queue></Dial>`);
    const viaApp = await sim.agentConnects({ identity: identity(winner.id), to: number, queueEntryId: String(queue[0].id), path: "/api/telephony/handle-call" });
    expect(viaApp.body).toContain(`<Queue>q_${inbound.callSid}</Queue>`);

    expect((await sim.dequeue({ callSid: inbound.callSid, to: number, result: "bridged", queueTime: 12 })).status).toBe(200);
    await sim.dequeue({ callSid: inbound.callSid, to: number, result: "bridged", queueTime: 12 });
    await sim.callStatus({ callSid: inbound.callSid, to: number, status: "completed", duration: 95 });

    const logs = await tenant.client.get("/api/voice/call-logs", winner.token);
    expect(logs.body.data).toEqual([
      expect.objectContaining({
        call_sid: inbound.callSid,
        direction: "inbound",
        status: "completed",
        user_id: winner.id,
        contact_id: caller.id,
        wait_seconds: 12,
        duration: 95,
        phone_number: caller.phone,
      }),
    ]);
    expect((await tenant.client.get("/api/voice/call-logs", loser.token)).body.data).toEqual([]);
    expect((await tenant.client.get("/api/agent/status", winner.token)).body.status).toBe("wrap_up");
    const contact = await tenant.client.get(`/api/contacts/${caller.id}`, tenant.admin.token);
    expect(contact.body).toMatchObject({ total_calls: 1, last_call_outcome: "completed" });
  });

  it("logs a caller who hangs up while waiting as abandoned (no-answer, no agent), once", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const sim = provider();
    const inbound = await sim.inboundCall({ from: "+14155550199", to: number });
    await sim.callStatus({ callSid: inbound.callSid, to: number, status: "completed", duration: 40 });
    await sim.dequeue({ callSid: inbound.callSid, to: number, result: "hangup", queueTime: 40 });
    await sim.callStatus({ callSid: inbound.callSid, to: number, status: "completed", duration: 40 });
    expect(await waiting(tenant)).toEqual([]);
    const logs = await tenant.client.get("/api/voice/call-logs", tenant.admin.token);
    expect(logs.body.data).toEqual([expect.objectContaining({ call_sid: inbound.callSid, status: "no-answer", user_id: null, direction: "inbound" })]);
  });

  it("logs a known caller who gives up with the wait the provider reports, moves the contact's summary once, and tells the floor", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const caller = await makeContact(tenant, { name: "Impatient Caller" });
    const sim = provider();
    const inbound = await sim.inboundCall({ from: caller.phone, to: number });
    await sim.dequeue({ callSid: inbound.callSid, to: number, result: "hangup", queueTime: 40 });
    await sim.callStatus({ callSid: inbound.callSid, to: number, status: "completed", duration: 41 });
    await sim.dequeue({ callSid: inbound.callSid, to: number, result: "hangup", queueTime: 40 });
    expect(await waiting(tenant)).toEqual([]);
    const logs = await tenant.client.get("/api/voice/call-logs", tenant.admin.token);
    // The final status's CallDuration is how long the caller was on the line: a logged call's duration only grows.
    expect(logs.body.data).toEqual([expect.objectContaining({ call_sid: inbound.callSid, status: "no-answer", user_id: null, contact_id: caller.id, wait_seconds: 40, duration: 41 })]);
    const contact = await tenant.client.get(`/api/contacts/${caller.id}`, tenant.admin.token);
    expect(contact.body).toMatchObject({ total_calls: 1, last_call_outcome: "no-answer" });
    // The whole history of these two types (Last-Event-ID 0): the call's end and its leaving the queue, each once.
    const stream = await subscribe(tenant.admin.token, { types: "queue.entry.left,call.ended", lastEventId: "0" });
    await stream.waitFor((e) => e.type === "queue.entry.left" && e.data.call_sid === inbound.callSid);
    stream.close();
    expect(stream.events.filter((e) => e.data.call_sid === inbound.callSid).map((e) => [e.type, e.data.status])).toEqual([
      ["call.ended", "no-answer"],
      ["queue.entry.left", "abandoned"],
    ]);
  });

  it("tells an agent which call they are on, then which call they are wrapping up, so a reloaded page can put it back", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const caller = await makeContact(tenant, { name: "Reloading Caller" });
    const sim = provider();
    await available(tenant, tenant.agentA.token);
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.call).toBeNull();
    const inbound = await sim.inboundCall({ from: caller.phone, to: number });
    const [entry] = await waiting(tenant);
    expect((await tenant.client.post(`/api/queue/calls/${entry.id}/accept`, undefined, tenant.agentA.token)).status).toBe(200);

    const onCall = await tenant.client.get("/api/agent/status", tenant.agentA.token);
    expect(onCall.body).toMatchObject({
      status: "busy",
      call: { phase: "connected", call_sid: inbound.callSid, direction: "inbound", number: caller.phone, contact_id: caller.id, contact_name: "Reloading Caller", call_log_id: null },
    });
    expect(onCall.body.call.started_at).toEqual(expect.any(String));
    // Another agent is on no call.
    expect((await tenant.client.get("/api/agent/status", tenant.agentB.token)).body.call).toBeNull();

    await sim.dequeue({ callSid: inbound.callSid, to: number, result: "bridged", queueTime: 5 });
    const wrapUp = await tenant.client.get("/api/agent/status", tenant.agentA.token);
    expect(wrapUp.body).toMatchObject({
      status: "wrap_up",
      call: { phase: "ended", call_sid: inbound.callSid, direction: "inbound", contact_name: "Reloading Caller", call_log_id: expect.any(Number) },
    });

    await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token);
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.call).toBeNull();
  });

  it("records an answered queue call when the organization records calls: the caller's leg is recorded from the answer (not the agent's Dial), the recording lands on the call log once", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    expect((await tenant.client.request("PUT", "/api/settings/telephony", { token: tenant.admin.token, body: { recording_enabled: true } })).status).toBe(200);
    const sim = provider();
    await available(tenant, tenant.agentA.token);
    const inbound = await sim.inboundCall({ from: "+14155550177", to: number });
    const [entry] = await waiting(tenant);
    await tenant.client.post(`/api/queue/calls/${entry.id}/accept`, undefined, tenant.agentA.token);
    const dial = await sim.agentConnects({ identity: identity(tenant.agentA.id), to: number, queueEntryId: String(entry.id) });
    expect(dial.body).not.toContain("record=");
    // One recording, started on the caller's leg; the provider will report it at the address it was given (naming the call and the organization).
    const started = (await controlRequests(inbound.callSid)).filter((c) => c.kind === "recording.create");
    expect(started).toHaveLength(1);
    const callback = started[0].body.RecordingStatusCallback;
    expect(callback).toContain(`/api/telephony/recording?call=${inbound.callSid}`);
    await sim.dequeue({ callSid: inbound.callSid, to: number, result: "bridged", queueTime: 3 });

    const path = new URL(callback).pathname + new URL(callback).search;
    // Not a playable address: ignored. Then the provider's, twice (a retry): kept once.
    await sim.post(path, { CallSid: inbound.callSid, RecordingUrl: "javascript:alert(1)", RecordingStatus: "completed" });
    const recordingUrl = `https://api.twilio.com/2010-04-01/Accounts/AC1/Recordings/RE${"1".repeat(32)}`;
    expect((await sim.post(path, { CallSid: inbound.callSid, RecordingUrl: recordingUrl, RecordingStatus: "completed" })).status).toBe(200);
    await sim.post(path, { CallSid: inbound.callSid, RecordingUrl: `${recordingUrl}-again`, RecordingStatus: "completed" });
    const log = (await tenant.client.get(`/api/voice/call-logs?call_sid=${inbound.callSid}`, tenant.admin.token)).body.data[0];
    // Offered as this service's address (issue 47): the provider's stays here.
    expect(log).toMatchObject({ status: "completed", recording_url: `/api/calls/${inbound.callSid}/recording` });
    // Unsigned, it changes nothing and is refused.
    expect((await sim.post(path, { CallSid: inbound.callSid, RecordingUrl: recordingUrl }, false)).status).toBe(403);
    // Without recording, nothing is recorded.
    await tenant.client.request("PUT", "/api/settings/telephony", { token: tenant.admin.token, body: { recording_enabled: false } });
    const second = await sim.inboundCall({ from: "+14155550178", to: number });
    await available(tenant, tenant.agentA.token);
    const [next] = await waiting(tenant);
    await tenant.client.post(`/api/queue/calls/${next.id}/accept`, undefined, tenant.agentA.token);
    expect((await sim.agentConnects({ identity: identity(tenant.agentA.id), to: number, queueEntryId: String(next.id) })).body).not.toContain("record=");
    expect((await controlRequests(second.callSid)).filter((c) => c.kind === "recording.create")).toEqual([]);
  });

  it("lists waiting calls in arrival order, per organization", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const number = await giveNumber(tenant);
    const otherNumber = await giveNumber(other);
    const sim = provider();
    const first = await sim.inboundCall({ from: "+14155550001", to: number });
    const second = await sim.inboundCall({ from: "+14155550002", to: number });
    await sim.inboundCall({ from: "+14155550003", to: otherNumber });
    const queue = await waiting(tenant);
    expect(queue.map((c: { call_sid: string; position: number }) => [c.call_sid, c.position])).toEqual([
      [first.callSid, 1],
      [second.callSid, 2],
    ]);
    expect((await sim.queueWait({ callSid: second.callSid, to: number })).body).toContain("caller number 2");
    expect(await waiting(other, other.agentA.token)).toHaveLength(1);
    // Another organization's call cannot be accepted: it does not exist for this agent.
    await available(tenant, tenant.agentA.token);
    const foreign = (await waiting(other, other.agentA.token))[0];
    expect((await tenant.client.post(`/api/queue/calls/${foreign.id}/accept`, undefined, tenant.agentA.token)).status).toBe(404);
  });

  it("an agent must be available to accept", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await provider().inboundCall({ from: "+14155550111", to: number });
    const [entry] = await waiting(tenant);
    const busy = await tenant.client.post(`/api/queue/calls/${entry.id}/accept`, undefined, tenant.agentA.token);
    expect(busy.status).toBe(409);
    expect((await tenant.client.post("/api/agent/status", { status: "lunch" }, tenant.agentA.token)).status).toBe(422);
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status).toBe("offline");
  });
});

describe("manual calls", () => {
  it("dials only E.164 numbers, with caller ID, never injecting markup", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const sim = provider();
    const ok = await sim.manualCall({ identity: identity(tenant.agentA.id), to: "+14155552671" });
    expect(ok.contentType).toContain("text/xml");
    expect(ok.body).toMatch(/<Dial[^>]*callerId="\+15005550006"[^>]*><Number[^>]*>\+14155552671<\/Number><\/Dial>/);
    const app = await sim.manualCall({ identity: identity(tenant.agentA.id), to: "+14155552671", path: "/api/telephony/handle-call" });
    expect(app.body).toContain(">+14155552671</Number>");
    for (const to of ["4155552671", "+1 415 555 2671", '+1415"/><Play>http://evil</Play>', "client:user_1", ""]) {
      const refused = await sim.manualCall({ identity: identity(tenant.agentA.id), to });
      expect(refused.body, to).not.toContain("<Dial");
      expect(refused.body).not.toContain("<Play>");
      expect(refused.body).toContain("<Say>");
    }
    expect(number).toBeTruthy();
  });

  it("writes one outbound-manual log per CallSid, linked to the contact, and moves its call summary once", async () => {
    const tenant = await createTenant();
    await giveNumber(tenant);
    const contact = await makeContact(tenant);
    const sim = provider();
    const call = await sim.manualCall({ identity: identity(tenant.agentA.id), to: contact.phone, contactId: contact.id });
    const status = { callSid: call.callSid, identity: identity(tenant.agentA.id), to: contact.phone, status: "completed", duration: 61, contactId: contact.id };
    expect((await sim.manualStatus(status)).status).toBe(200);
    expect((await sim.manualStatus(status)).status).toBe(200);
    const logs = await tenant.client.get("/api/voice/call-logs", tenant.agentA.token);
    expect(logs.body.data).toEqual([
      expect.objectContaining({ call_sid: call.callSid, direction: "outbound-manual", status: "completed", duration: 61, user_id: tenant.agentA.id, contact_id: contact.id }),
    ]);
    const detail = await tenant.client.get(`/api/contacts/${contact.id}`, tenant.managerA.token);
    expect(detail.body).toMatchObject({ total_calls: 1, last_call_outcome: "completed", call_history_total: 1 });
    // Status moves only forward: a late "busy" for the same call changes nothing.
    await sim.manualStatus({ ...status, status: "busy", duration: 0 });
    expect((await tenant.client.get("/api/voice/call-logs", tenant.agentA.token)).body.data[0]).toMatchObject({ status: "completed", duration: 61 });
  });

  it("one manual call is one call log: the dialed leg's callback folds into the agent's, in either order", async () => {
    const tenant = await createTenant();
    await giveNumber(tenant);
    const sim = provider();
    const who = identity(tenant.agentA.id);
    // As the provider sends them (simulator): the dialed leg's status first, then the Dial action.
    const first = await sim.manualCall({ identity: who, to: "+14155550161" });
    expect(first.body).toMatch(/statusCallback="[^"]*agent=\d+/);
    expect((await sim.manualStatus({ callSid: first.callSid, identity: who, to: "+14155550161", status: "completed", duration: 42 })).status).toBe(200);
    // The other order: the agent's leg first, then the dialed leg's (ParentCallSid) callback.
    const second = await sim.manualCall({ identity: who, to: "+14155550162" });
    const childSid = `CA${"4".repeat(32)}`;
    await sim.post(`/api/voice/manual/status?agent=${tenant.agentA.id}`, {
      CallSid: second.callSid,
      From: `client:${who}`,
      To: "+14155550162",
      CallStatus: "completed",
      DialCallSid: childSid,
      DialCallStatus: "no-answer",
      DialCallDuration: "0",
    });
    await sim.post(`/api/voice/manual/status?agent=${tenant.agentA.id}`, {
      CallSid: childSid,
      ParentCallSid: second.callSid,
      From: "+15005550006",
      To: "+14155550162",
      CallStatus: "no-answer",
      CallDuration: "0",
    });

    const logs = await tenant.client.get("/api/voice/call-logs?per_page=100", tenant.admin.token);
    expect(logs.body.data.map((l: { call_sid: string; user_id: number; status: string; duration: number }) => [l.call_sid, l.user_id, l.status, l.duration]).sort()).toEqual(
      [
        [first.callSid, tenant.agentA.id, "completed", 42],
        [second.callSid, tenant.agentA.id, "no-answer", 0],
      ].sort(),
    );
    const today = new Date().toISOString().slice(0, 10);
    const summary = await tenant.client.get(`/api/reports/summary?from=${today}&to=${today}`, tenant.admin.token);
    expect(summary.body.total_calls).toBe(2);
  });

  it("issues a voice token: HS256 JWT signed with the API key secret, identity and voice grant, 3600 s", async () => {
    const tenant = await createTenant();
    const response = await tenant.client.post("/api/voice/token", { recording_enabled: true }, tenant.agentA.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ identity: identity(tenant.agentA.id), expires_in: 3600 });
    const [header, payload, sig] = response.body.token.split(".");
    const expected = createHmac("sha256", TEST_PROVIDER.TWILIO_API_KEY_SECRET).update(`${header}.${payload}`).digest("base64url");
    expect(sig).toBe(expected);
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    expect(JSON.parse(Buffer.from(header, "base64url").toString())).toMatchObject({ alg: "HS256", cty: "twilio-fpa;v=1" });
    expect(claims).toMatchObject({ iss: TEST_PROVIDER.TWILIO_API_KEY_SID, sub: TEST_PROVIDER.TWILIO_ACCOUNT_SID });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.grants.identity).toBe(identity(tenant.agentA.id));
    expect(claims.grants.voice.outgoing.application_sid).toBe(TEST_PROVIDER.TWILIO_TWIML_APP_SID);
    expect((await tenant.client.post("/api/voice/token", {}, undefined)).status).toBe(401);
  });
});

describe("call logs and settings", () => {
  it("scopes call logs by role, filters them, and lets agents note their own calls", async () => {
    const tenant = await createTenant();
    await giveNumber(tenant);
    const sim = provider();
    for (const [agent, status, to] of [
      [tenant.agentA, "completed", "+14155550150"],
      [tenant.agentA, "busy", "+14155550150"],
      [tenant.agentB, "completed", "+12125550177"],
    ] as const) {
      const call = await sim.manualCall({ identity: identity(agent.id), to });
      await sim.manualStatus({ callSid: call.callSid, identity: identity(agent.id), to, status, duration: status === "completed" ? 10 : 0 });
    }
    const count = async (token: string, query = "") => (await tenant.client.get(`/api/voice/call-logs${query}`, token)).body.meta.total;
    expect(await count(tenant.agentA.token)).toBe(2);
    expect(await count(tenant.agentA.token, `?user_id=${tenant.agentB.id}`)).toBe(0);
    expect(await count(tenant.managerA.token)).toBe(2);
    expect(await count(tenant.managerB.token)).toBe(1);
    expect(await count(tenant.admin.token)).toBe(3);
    expect(await count(tenant.admin.token, "?status=busy")).toBe(1);
    expect(await count(tenant.admin.token, "?direction=inbound")).toBe(0);
    // By number: a whole E.164 number, or some of its digits.
    expect(await count(tenant.admin.token, `?phone=${encodeURIComponent("+14155550150")}`)).toBe(2);
    expect(await count(tenant.admin.token, "?phone=0177")).toBe(1);
    expect(await count(tenant.admin.token, `?phone=555&user_id=${tenant.agentB.id}`)).toBe(1);
    expect((await tenant.client.get("/api/voice/call-logs?phone=12", tenant.admin.token)).status).toBe(422);
    expect((await tenant.client.get("/api/voice/call-logs?phone=abc", tenant.admin.token)).status).toBe(422);
    // Days are the organization's (its clock, not UTC: from midnight UTC to its own midnight they differ).
    const { time_zone } = (await tenant.client.get("/api/organization", tenant.admin.token)).body;
    expect(time_zone).toEqual(expect.any(String));
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: time_zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
    expect(await count(tenant.admin.token, `?from=${today}&to=${today}`)).toBe(3);
    expect((await tenant.client.get("/api/voice/call-logs?from=nope", tenant.admin.token)).status).toBe(422);
    const swapped = await tenant.client.get("/api/voice/call-logs?from=2026-11-10&to=2026-11-01", tenant.admin.token);
    expect(swapped.status).toBe(422);
    expect(swapped.body.errors.to).toEqual(["must not be before from."]);

    const mine = (await tenant.client.get("/api/voice/call-logs", tenant.agentA.token)).body.data[0];
    const theirs = (await tenant.client.get("/api/voice/call-logs", tenant.agentB.token)).body.data[0];
    const noted = await tenant.client.patch(`/api/voice/call-logs/${mine.id}`, { notes: "Wants a callback" }, tenant.agentA.token);
    expect(noted.body.notes).toBe("Wants a callback");
    expect((await tenant.client.patch(`/api/voice/call-logs/${theirs.id}`, { notes: "x" }, tenant.agentA.token)).status).toBe(404);
  });

  it("telephony settings are admin-only and never return secrets", async () => {
    const tenant = await createTenant();
    expect((await tenant.client.get("/api/settings/telephony", tenant.agentA.token)).status).toBe(403);
    expect((await tenant.client.get("/api/settings/telephony", tenant.managerA.token)).status).toBe(403);
    const secret = "a-brand-new-auth-token-value";
    await holdAtProvider("+14155550000");
    const put = await tenant.client.request("PUT", "/api/settings/telephony", { token: tenant.admin.token, body: { auth_token: secret, caller_id: "+14155550000" } });
    expect(put.status).toBe(200);
    const get = await tenant.client.get("/api/settings/telephony", tenant.admin.token);
    expect(get.body).toMatchObject({ auth_token_set: true, caller_id: "+14155550000", account_sid: TEST_PROVIDER.TWILIO_ACCOUNT_SID });
    expect(JSON.stringify(get.body)).not.toContain(secret);
    expect(JSON.stringify(put.body)).not.toContain(secret);
    expect((await tenant.client.request("PUT", "/api/settings/telephony", { token: tenant.admin.token, body: { caller_id: "555" } })).status).toBe(422);
  });
});
