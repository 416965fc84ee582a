import { describe, expect, inject, it } from "vitest";
import { suiteUrl } from "../support/api";
import { newCallSid } from "@/lib/twilio/simulator/simulator";
import { conferenceName, connectedInboundCall, controlRequests, joinConference, twimlAttribute, type ControlRequest } from "../support/call-control";
import { ALL_DAY, inHoursPhone, playCallback, waitForCalls } from "../support/campaigns";
import { makeContact } from "../support/contacts";
import { createTenant, type Tenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";

// Issue 40, point 15: a recorded call has one recording, from answer to end.
// It is started on the customer's leg with the provider's Recordings resource
// (the fake provider keeps the request), which goes on through the leg's moves
// into the call's conference; nothing else records (no <Dial record>, no
// Record on a dial, no <Conference record>). Its status callback, played signed
// at the address the service gave, lands on the call's log, playable.

const identity = (id: number) => `user_${id}`;
const available = async (tenant: Tenant, token: string) => expect((await tenant.client.post("/api/agent/status", { status: "available" }, token)).status).toBe(200);
const recordCalls = async (tenant: Tenant, on: boolean) =>
  expect((await tenant.client.request("PUT", "/api/settings/telephony", { token: tenant.admin.token, body: { recording_enabled: on } })).status).toBe(200);
const logOf = async (tenant: Tenant, callSid: string) => (await tenant.client.get(`/api/voice/call-logs?call_sid=${callSid}`, tenant.admin.token)).body.data[0];
const recordingUrl = (digit: string) => `https://api.twilio.com/2010-04-01/Accounts/AC1/Recordings/RE${digit.repeat(32)}`;

/** The recordings the service started on any of these legs. */
async function recordingsOf(legs: string[]): Promise<ControlRequest[]> {
  return (await controlRequests()).filter((c) => c.kind === "recording.create" && legs.includes(c.call));
}

/** Nothing the service asked of these legs records by itself (a TwiML record attribute, a participant's Record). */
async function expectNoOtherRecording(legs: string[], conference: string | null) {
  const asked = (await controlRequests()).filter((c) => c.kind !== "recording.create" && (legs.includes(c.call) || (conference !== null && c.conference === conference)));
  expect(asked.length).toBeGreaterThan(0);
  for (const request of asked) {
    expect(request.body.Twiml ?? "", JSON.stringify(request)).not.toMatch(/record/i);
    expect(
      Object.keys(request.body).filter((key) => /^(Record|ConferenceRecord)/.test(key)),
      JSON.stringify(request),
    ).toEqual([]);
  }
}

/** The provider's report of a finished recording, at the address the recording was started with. */
function reportRecording(started: ControlRequest, { url, seconds }: { url: string; seconds: number }) {
  return playCallback(started.body.RecordingStatusCallback, {
    CallSid: started.call,
    RecordingSid: started.recording!,
    RecordingUrl: url,
    RecordingStatus: "completed",
    RecordingDuration: String(seconds),
    RecordingChannels: "2",
    RecordingSource: "StartCallRecordingAPI",
    RecordingTrack: "both",
  });
}

/**
 * The agent plays the call's recording through this service (issue 47, point 4): the provider's audio,
 * fetched with the account's credentials, a player's Range passed on both ways; the play and the download
 * are in the audit log, a player's later chunks are not.
 */
async function playsThroughTheService(tenant: Tenant, callSid: string, recordingSid: string) {
  const address = `${suiteUrl()}/api/calls/${callSid}/recording`;
  const auth = { Authorization: `Bearer ${tenant.agentA.token}` };
  const whole = await fetch(address, { headers: auth });
  expect(whole.status).toBe(200);
  expect(whole.headers.get("content-type")).toBe("audio/mpeg");
  expect(whole.headers.get("cache-control")).toBe("private, no-store");
  expect((await whole.arrayBuffer()).byteLength).toBe(4096);
  const part = await fetch(address, { headers: { ...auth, Range: "bytes=100-199" } });
  expect(part.status).toBe(206);
  expect(part.headers.get("content-range")).toBe("bytes 100-199/4096");
  expect(new Uint8Array(await part.arrayBuffer())[0]).toBe(100);
  const file = await fetch(`${address}?download=1`, { headers: auth });
  expect(file.headers.get("content-disposition")).toBe(`attachment; filename="recording-${callSid}.mp3"`);
  await file.arrayBuffer();
  const asked = (await (await fetch(`${inject("fakeProviderUrl")}/__media`)).json()) as { recording: string; authorized: boolean }[];
  expect(asked.filter((m) => m.recording === recordingSid)).toEqual([
    expect.objectContaining({ authorized: true }),
    expect.objectContaining({ authorized: true }),
    expect.objectContaining({ authorized: true }),
  ]);
  const audit = (await tenant.client.get("/api/audit-log?per_page=100", tenant.admin.token)).body.data.filter((e: { action: string }) => e.action.startsWith("recording."));
  expect(audit.map((e: { action: string; user_id: number; details: { call_sid: string } }) => [e.action, e.user_id, e.details.call_sid]).sort()).toEqual([
    ["recording.downloaded", tenant.agentA.id, callSid],
    ["recording.played", tenant.agentA.id, callSid],
  ]);
}

/** The conference reports a leg joining, as the provider does from the conference's status address. */
async function joined(statusUrl: string, conference: string, legSid: string) {
  const conferenceSid = await joinConference(conference, legSid);
  expect((await playCallback(statusUrl, { ConferenceSid: conferenceSid, FriendlyName: conference, StatusCallbackEvent: "participant-join", CallSid: legSid })).status).toBe(200);
}

describe("recordings cover the whole call", () => {
  it("an inbound call answered, held, monitored and transferred: one recording of the caller's leg, started at answer, lands on the call's log once and plays", async () => {
    const tenant = await createTenant();
    await recordCalls(tenant, true);
    await available(tenant, tenant.agentB.token);
    const { sim, number, callSid, agentLeg } = await connectedInboundCall(tenant);

    // Answered: the recording starts on the caller's leg, both sides in two channels, reported for the call's log.
    const [started, ...more] = await recordingsOf([callSid, agentLeg]);
    expect(more).toEqual([]);
    expect(started).toMatchObject({ call: callSid, body: { RecordingChannels: "dual", RecordingTrack: "both", RecordingStatusCallbackMethod: "POST", RecordingStatusCallbackEvent: "completed" } });
    expect(started.body.RecordingStatusCallback).toContain(`/api/telephony/recording?call=${callSid}`);

    // Held: the agent's leg moves into the conference, the caller follows; resumed.
    expect((await tenant.client.post(`/api/calls/${callSid}/hold`, { on: true }, tenant.agentA.token)).status).toBe(200);
    const followed = await sim.dequeue({ callSid, to: number, result: "bridged", queueTime: 3 });
    expect(followed.body).not.toMatch(/record/i);
    const conference = conferenceName(followed.body)!;
    const statusUrl = twimlAttribute(followed.body, "Conference", "statusCallback")!;
    await joined(statusUrl, conference, callSid);
    expect((await tenant.client.post(`/api/calls/${callSid}/hold`, { on: false }, tenant.agentA.token)).status).toBe(200);

    // A supervisor listens in.
    expect((await tenant.client.post(`/api/calls/${callSid}/monitor`, { mode: "listen" }, tenant.managerA.token)).status).toBe(200);
    const supervisor = (await controlRequests()).find((c) => c.kind === "participant.create" && c.conference === conference && c.body.To === `client:${identity(tenant.managerA.id)}`)!;
    await joined(statusUrl, conference, supervisor.call);

    // Warm transfer to agent B, completed: the caller now talks to B.
    const sent = await tenant.client.post(`/api/calls/${callSid}/transfer`, { target: { type: "agent", id: tenant.agentB.id }, mode: "warm" }, tenant.agentA.token);
    expect(sent.status).toBe(200);
    const targetLeg = sent.body.call_sid;
    await joined(statusUrl, conference, targetLeg);
    expect((await tenant.client.post(`/api/calls/${callSid}/transfer/complete`, {}, tenant.agentA.token)).status).toBe(200);

    // The caller hangs up: every part is logged; still the one recording, and nothing else recorded.
    expect((await sim.callStatus({ callSid, to: number, status: "completed", duration: 95 })).status).toBe(200);
    const legs = [callSid, agentLeg, supervisor.call, targetLeg];
    expect(await recordingsOf(legs)).toEqual([started]);
    await expectNoOtherRecording(legs, conference);

    // The provider reports it: on the call's log (its first part), with its sid and length; a retry changes nothing.
    expect((await reportRecording(started, { url: recordingUrl("3"), seconds: 95 })).status).toBe(200);
    expect((await reportRecording(started, { url: recordingUrl("4"), seconds: 12 })).status).toBe(200);
    expect(await logOf(tenant, callSid)).toMatchObject({
      call_sid: callSid,
      user_id: tenant.agentA.id,
      recording_url: `/api/calls/${callSid}/recording`,
      recording_sid: started.recording,
      recording_duration: 95,
    });
    // B's part of the same call names no second recording.
    expect(await logOf(tenant, targetLeg)).toMatchObject({ parent_call_sid: callSid, recording_url: null, recording_sid: null });
    // Issue 47, point 4: who may play it, through this service only. Its agent may not until the organization allows it.
    const history = async () => (await tenant.client.get("/api/voice/call-logs", tenant.agentA.token)).body.data;
    expect(await history()).toEqual([expect.objectContaining({ call_sid: callSid, recording_url: null, recording_sid: null })]);
    expect((await tenant.client.get(`/api/calls/${callSid}/recording`, tenant.agentA.token)).status).toBe(403);
    expect((await tenant.client.request("PUT", "/api/settings/calls", { token: tenant.admin.token, body: { agents_play_own_recordings: true } })).status).toBe(200);
    expect(await history()).toEqual([expect.objectContaining({ call_sid: callSid, recording_url: `/api/calls/${callSid}/recording` })]);
    await playsThroughTheService(tenant, callSid, started.recording!);
    // Another department's manager, and another agent, cannot.
    expect((await tenant.client.get(`/api/calls/${callSid}/recording`, tenant.managerB.token)).status).toBe(404);
    expect((await tenant.client.get(`/api/calls/${callSid}/recording`, tenant.agentB.token)).status).toBe(404);
  });

  it("a manual call: recorded from the dialed leg's answer through a hold, the report kept even when it comes before the call's end; none when the organization does not record", async () => {
    const tenant = await createTenant();
    await giveNumber(tenant);
    await recordCalls(tenant, true);
    await available(tenant, tenant.agentA.token);
    const sim = provider();
    const to = "+14155550187";
    const call = await sim.manualCall({ identity: identity(tenant.agentA.id), to });
    // The Dial records nothing (before issue 40 it did, until the first hold); its addresses say the call is recorded.
    expect(twimlAttribute(call.body, "Dial", "record")).toBeNull();
    const statusUrl = twimlAttribute(call.body, "Number", "statusCallback")!;
    expect(statusUrl).toContain("record=1");
    const dialedLeg = newCallSid();
    const answered = { CallSid: dialedLeg, ParentCallSid: call.callSid, CallStatus: "in-progress", To: to, From: "+15005550006" };
    expect((await playCallback(statusUrl, answered)).status).toBe(200);
    // The provider repeats the report: still one recording.
    expect((await playCallback(statusUrl, answered)).status).toBe(200);
    const [started, ...more] = await recordingsOf([call.callSid, dialedLeg]);
    expect(more).toEqual([]);
    expect(started).toMatchObject({ call: dialedLeg, body: { RecordingChannels: "dual" } });
    // The report names the call's log: the agent's leg.
    expect(started.body.RecordingStatusCallback).toContain(`/api/telephony/recording?call=${call.callSid}`);

    // Held: the dialed leg moves into the conference; the agent's Dial ends and its action seats the agent there.
    expect((await tenant.client.post(`/api/calls/${call.callSid}/hold`, { on: true }, tenant.agentA.token)).status).toBe(200);
    const seat = await playCallback(statusUrl, {
      CallSid: call.callSid,
      From: `client:${identity(tenant.agentA.id)}`,
      To: to,
      CallStatus: "in-progress",
      DialCallSid: dialedLeg,
      DialCallStatus: "completed",
      DialCallDuration: "4",
    });
    expect(conferenceName(seat.body)).toMatch(/^call_\d+$/);
    await expectNoOtherRecording([call.callSid, dialedLeg], conferenceName(seat.body));

    // The recording's report comes first (the provider does not order its callbacks), then the dialed person hangs up.
    expect((await reportRecording(started, { url: recordingUrl("5"), seconds: 40 })).status).toBe(200);
    expect((await playCallback(statusUrl, { CallSid: dialedLeg, ParentCallSid: call.callSid, CallStatus: "completed", CallDuration: "40", To: to })).status).toBe(200);
    expect(await logOf(tenant, call.callSid)).toMatchObject({
      direction: "outbound-manual",
      duration: 40,
      recording_url: `/api/calls/${call.callSid}/recording`,
      recording_sid: started.recording,
      recording_duration: 40,
    });
    expect(await recordingsOf([call.callSid, dialedLeg])).toEqual([started]);

    // Not recorded: the dial says nothing of it, and the answer starts no recording.
    await recordCalls(tenant, false);
    await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token);
    const unrecorded = await sim.manualCall({ identity: identity(tenant.agentA.id), to });
    const unrecordedLeg = newCallSid();
    const unrecordedStatus = twimlAttribute(unrecorded.body, "Number", "statusCallback")!;
    expect(unrecordedStatus).not.toContain("record=");
    expect((await playCallback(unrecordedStatus, { ...answered, CallSid: unrecordedLeg, ParentCallSid: unrecorded.callSid })).status).toBe(200);
    expect(await recordingsOf([unrecorded.callSid, unrecordedLeg])).toEqual([]);
  });

  it("a campaign call: the dial records nothing, the answer connected to an agent starts one recording of the contact's leg, which lands on the log", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const tag = `rec-${Date.now()}`;
    const contact = await makeContact(tenant, { name: "Recorded Contact", tags: [tag], phone: inHoursPhone() });
    const created = await tenant.client.post(
      "/api/campaigns",
      { name: "Recorded outreach", calling_window: ALL_DAY, selection: { tags: [tag] }, dialing_mode: "progressive", caller_id: number, max_attempts: 1, recording_enabled: true },
      tenant.managerA.token,
    );
    expect(created.status).toBe(201);
    await available(tenant, tenant.agentA.token);
    expect((await tenant.client.post(`/api/campaigns/${created.body.id}/start`, {}, tenant.managerA.token)).status).toBe(200);
    const [call] = await waitForCalls(contact.phone);
    // The dial asks for no recording of its own (before issue 40: Record=true, a second, untracked recording).
    expect(Object.keys(call).filter((key) => /^Record/.test(key))).toEqual([]);

    const answerParams = { CallSid: call.sid, From: number, To: contact.phone, CallStatus: "in-progress", Direction: "outbound-api" };
    const answer = await playCallback(call.Url, answerParams);
    expect(answer.body).toContain("<Client");
    expect(answer.body).not.toMatch(/record=/i);
    // The provider asks the answer address again (a retry): no second recording.
    await playCallback(call.Url, answerParams);
    const [started, ...more] = await recordingsOf([call.sid]);
    expect(more).toEqual([]);
    expect(started).toMatchObject({ call: call.sid, body: { RecordingChannels: "dual", RecordingTrack: "both" } });
    expect(started.body.RecordingStatusCallback).toContain(`/api/telephony/recording?call=${call.sid}`);

    // The agent answers and holds: the agent's leg moves, the contact follows; still the one recording.
    const agentLeg = newCallSid();
    expect((await playCallback(twimlAttribute(answer.body, "Client", "statusCallback")!, { CallSid: agentLeg, ParentCallSid: call.sid, CallStatus: "in-progress" })).status).toBe(200);
    expect((await tenant.client.post(`/api/calls/${call.sid}/hold`, { on: true }, tenant.agentA.token)).status).toBe(200);
    const seat = await playCallback(twimlAttribute(answer.body, "Dial", "action")!, { CallSid: call.sid, DialCallStatus: "completed", DialCallSid: agentLeg });
    expect(conferenceName(seat.body)).toMatch(/^call_\d+$/);
    expect(seat.body).not.toMatch(/record/i);

    expect((await playCallback(call.StatusCallback, { CallSid: call.sid, From: number, To: contact.phone, CallStatus: "completed", CallDuration: "33" })).status).toBe(200);
    expect((await reportRecording(started, { url: recordingUrl("6"), seconds: 31 })).status).toBe(200);
    expect(await logOf(tenant, call.sid)).toMatchObject({
      direction: "outbound-campaign",
      campaign_id: created.body.id,
      recording_url: `/api/calls/${call.sid}/recording`,
      recording_sid: started.recording,
      recording_duration: 31,
    });
    expect(await recordingsOf([call.sid, agentLeg])).toEqual([started]);
    await expectNoOtherRecording([call.sid, agentLeg], conferenceName(seat.body));
  });

  it("a report that names no call of the organization, or is not signed, changes nothing", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    await recordCalls(tenant, true);
    const { sim, number, callSid } = await connectedInboundCall(tenant);
    const [started] = await recordingsOf([callSid]);
    await sim.dequeue({ callSid, to: number, result: "bridged", queueTime: 2 });
    const address = new URL(started.body.RecordingStatusCallback);
    const report = { CallSid: callSid, RecordingSid: started.recording!, RecordingUrl: recordingUrl("7"), RecordingStatus: "completed", RecordingDuration: "9" };
    // Unsigned: refused.
    expect((await sim.post(address.pathname + address.search, report, false)).status).toBe(403);
    // Not playable, or not finished: ignored.
    expect((await sim.post(address.pathname + address.search, { ...report, RecordingUrl: "javascript:alert(1)" })).status).toBe(200);
    expect((await sim.post(address.pathname + address.search, { ...report, RecordingStatus: "absent" })).status).toBe(200);
    // Another organization's address naming this call: its own organization has no such call.
    const foreign = address.pathname + address.search.replace(/org=\d+/, `org=${other.organization.id}`);
    await sim.post(foreign, report);
    expect(await logOf(tenant, callSid)).toMatchObject({ recording_url: null });
    // The real report lands.
    expect((await sim.post(address.pathname + address.search, report)).status).toBe(200);
    expect(await logOf(tenant, callSid)).toMatchObject({ recording_url: `/api/calls/${callSid}/recording`, recording_duration: 9 });
  });
});

describe("pausing a call's recording (issue 47, point 2)", () => {
  it("the agent pauses and resumes it through the provider's Recordings resource; each pause is kept with its times; a refusal changes nothing", async () => {
    const tenant = await createTenant();
    await recordCalls(tenant, true);
    const { sim, number, callSid } = await connectedInboundCall(tenant);
    const [started] = await recordingsOf([callSid]);
    const status = async () => (await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.call;
    expect(await status()).toMatchObject({ call_sid: callSid, recording: "recording" });
    const set = (state: unknown, token = tenant.agentA.token) => tenant.client.post(`/api/calls/${callSid}/recording`, { state }, token);
    const updates = async () => (await controlRequests()).filter((c) => c.kind === "recording.update" && c.call === callSid);

    expect((await set("stopped")).status).toBe(422);
    expect((await set("paused", tenant.agentB.token)).status).toBe(404);
    const paused = await set("paused");
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ call_sid: callSid, recording: "paused" });
    // Twice is once: the provider is asked once.
    expect((await set("paused")).body.recording).toBe("paused");
    expect(await updates()).toEqual([expect.objectContaining({ recording: started.recording, body: { Status: "paused", PauseBehavior: "skip" } })]);
    expect(await status()).toMatchObject({ recording: "paused" });
    const resumed = await set("recording");
    expect(resumed.body.recording).toBe("recording");
    expect((await updates()).map((u) => u.body)).toEqual([{ Status: "paused", PauseBehavior: "skip" }, { Status: "in-progress" }]);
    // A supervisor in scope may pause it too; it stays paused to the call's end.
    expect((await set("paused", tenant.managerA.token)).body.recording).toBe("paused");

    // The provider refuses (the call ended on its side): the recording's state stays as it was, and the agent is told.
    await fetch(`${inject("fakeProviderUrl")}/__hangup?call=${callSid}`, { method: "POST" });
    const refused = await set("recording");
    expect(refused.status).toBe(502);
    expect(await status()).toMatchObject({ recording: "paused" });

    expect((await sim.callStatus({ callSid, to: number, status: "completed", duration: 60 })).status).toBe(200);
    expect((await reportRecording(started, { url: recordingUrl("8"), seconds: 50 })).status).toBe(200);
    const log = await logOf(tenant, callSid);
    expect(log.recording_pauses).toEqual([
      { paused_at: expect.any(String), resumed_at: expect.any(String), reason: "agent" },
      { paused_at: expect.any(String), resumed_at: null, reason: "agent" },
    ]);
    expect(Date.parse(log.recording_pauses[0].resumed_at)).toBeGreaterThanOrEqual(Date.parse(log.recording_pauses[0].paused_at));
    // After the call, nothing to pause.
    expect((await set("recording")).status).toBe(404);
  });

  it("a call that is not recorded has no recording to pause (409)", async () => {
    const tenant = await createTenant();
    await recordCalls(tenant, false);
    const { callSid } = await connectedInboundCall(tenant);
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.call).toMatchObject({ call_sid: callSid, recording: null });
    const refused = await tenant.client.post(`/api/calls/${callSid}/recording`, { state: "paused" }, tenant.agentA.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This call is not being recorded.");
  });
});

describe("recording retention and legal holds (issue 47, point 3)", () => {
  /** A recorded inbound call, answered by agent A, ended and its recording reported: its log and the provider's recording sid. */
  async function recordedCall(tenant: Tenant, digit: string) {
    const { sim, number, callSid } = await connectedInboundCall(tenant);
    const [started] = await recordingsOf([callSid]);
    expect((await sim.callStatus({ callSid, to: number, status: "completed", duration: 30 })).status).toBe(200);
    expect((await reportRecording(started, { url: recordingUrl(digit), seconds: 30 })).status).toBe(200);
    return { callSid, recordingSid: started.recording! };
  }

  it("deletes expired recordings at the provider and here, counts them, and keeps those under a legal hold on the call or its contact", async () => {
    const tenant = await createTenant();
    await recordCalls(tenant, true);
    const plain = await recordedCall(tenant, "a");
    const held = await recordedCall(tenant, "b");
    const contact = await makeContact(tenant, { name: "Held Person", phone: "+14155550177" });
    const ofHeldContact = await recordedCall(tenant, "c");
    expect((await logOf(tenant, ofHeldContact.callSid)).contact_id).toBe(contact.id);

    const run = (body: Record<string, unknown>, token = tenant.admin.token) => tenant.client.post("/api/settings/recordings/retention/run", body, token);
    // No policy: nothing happens.
    // Said in words: an empty body or a misspelt key deletes nothing (issue 59, point 6).
    const unsaid = await run({});
    expect(unsaid.status).toBe(422);
    expect(unsaid.body.errors.dry_run[0]).toMatch(/required/);
    const misspelt = await run({ dryRun: true });
    expect(misspelt.status).toBe(422);
    expect(misspelt.body.errors.dryRun).toEqual(["is not a known field."]);
    expect((await run({ dry_run: false })).body).toMatchObject({ enabled: false, deleted_calls: 0 });
    const policy = await tenant.client.request("PUT", "/api/settings/calls", { token: tenant.admin.token, body: { recording_retention_days: 0 } });
    expect(policy.status).toBe(422);
    expect((await tenant.client.request("PUT", "/api/settings/calls", { token: tenant.admin.token, body: { recording_retention_days: 30 } })).status).toBe(200);

    // Holds are the admins'.
    expect((await tenant.client.post(`/api/calls/${held.callSid}/legal-hold`, { on: true }, tenant.managerA.token)).status).toBe(403);
    expect((await tenant.client.post(`/api/calls/${held.callSid}/legal-hold`, { on: true }, tenant.admin.token)).body).toEqual({ legal_hold: true });
    expect((await tenant.client.post(`/api/contacts/${contact.id}/legal-hold`, { on: true }, tenant.admin.token)).body).toEqual({ legal_hold: true });

    // Today nothing is 30 days old; 31 days from now everything is. A dry run counts and changes nothing.
    expect((await run({ dry_run: false })).body).toMatchObject({ enabled: true, deleted_calls: 0, kept_on_hold: 0 });
    const later = new Date(Date.now() + 31 * 86_400_000).toISOString();
    expect((await run({ dry_run: true, as_of: later })).body).toMatchObject({ dry_run: true, deleted_calls: 1, kept_on_hold: 2 });
    expect((await logOf(tenant, plain.callSid)).recording_url).not.toBeNull();
    const report = await run({ dry_run: false, as_of: later });
    expect(report.body).toMatchObject({ enabled: true, dry_run: false, recording_retention_days: 30, deleted_calls: 1, kept_on_hold: 2, failed: 0 });

    // Gone at the provider (its DELETE, checked against its API definitions) and here; the call itself stays.
    const deletes = (await controlRequests()).filter((c) => c.kind === "recording.delete");
    expect(deletes.map((d) => d.recording)).toContain(plain.recordingSid);
    expect(deletes.map((d) => d.recording)).not.toContain(held.recordingSid);
    expect(deletes.map((d) => d.recording)).not.toContain(ofHeldContact.recordingSid);
    expect(await logOf(tenant, plain.callSid)).toMatchObject({ call_sid: plain.callSid, recording_url: null, recording_sid: null, recording_deleted_at: expect.any(String), legal_hold: false });
    expect((await tenant.client.get(`/api/calls/${plain.callSid}/recording`, tenant.admin.token)).status).toBe(404);
    expect(await logOf(tenant, held.callSid)).toMatchObject({ recording_url: `/api/calls/${held.callSid}/recording`, legal_hold: true });
    expect((await logOf(tenant, ofHeldContact.callSid)).recording_url).toBe(`/api/calls/${ofHeldContact.callSid}/recording`);
    const audit = (await tenant.client.get("/api/audit-log?action=recordings.retention_run", tenant.admin.token)).body.data;
    // Each real run is in the audit log with its counts (today's, which found nothing, and this one).
    expect(audit.map((entry: { details: { deleted_calls: number; kept_on_hold: number } }) => [entry.details.deleted_calls, entry.details.kept_on_hold])).toEqual([
      [1, 2],
      [0, 0],
    ]);

    // Released, the contact's recordings go at the next run.
    expect((await tenant.client.post(`/api/contacts/${contact.id}/legal-hold`, { on: false }, tenant.admin.token)).status).toBe(200);
    expect((await run({ dry_run: false, as_of: later })).body).toMatchObject({ deleted_calls: 1, kept_on_hold: 1 });
    expect((await logOf(tenant, ofHeldContact.callSid)).recording_url).toBeNull();
  });
});
