import { describe, expect, it } from "vitest";
import { newCallSid } from "@/lib/twilio/simulator/simulator";
import { controlRequests, twimlAttribute } from "../support/call-control";
import { ALL_DAY, inHoursPhone, playCallback, waitForCalls } from "../support/campaigns";
import { createTenant, type Tenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";
import { makeContact, uniquePhone } from "../support/contacts";

// Issue 47, point 1: consent to recording. A recorded organization's callers
// hear its announcement (or their number's own) before they reach the queue;
// the opt-out key lets them go on unrecorded, and the call's log says how it
// went. People agents call hear it too when the organization says so.

const ANNOUNCEMENT = "This call is recorded for quality and training.";

async function recorded(tenant: Tenant, consent: Record<string, unknown>) {
  expect((await tenant.client.request("PUT", "/api/settings/telephony", { token: tenant.admin.token, body: { recording_enabled: true } })).status).toBe(200);
  const saved = await tenant.client.request("PUT", "/api/settings/calls", { token: tenant.admin.token, body: { recording_consent: consent } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** A caller hears the announcement, answers it (a key or nothing), is taken by agent A, and hangs up: the call's log. */
async function callThroughAnnouncement(tenant: Tenant, number: string, digits: string | null) {
  const sim = provider();
  const from = uniquePhone();
  const inbound = await sim.inboundCall({ from, to: number });
  expect(inbound.body).toContain("<Gather");
  expect(inbound.body).not.toContain("<Enqueue");
  const action = twimlAttribute(inbound.body, "Gather", "action")!;
  expect(twimlAttribute(inbound.body, "Redirect", "method")).toBe("POST");
  const routed = await playCallback(action, { CallSid: inbound.callSid, From: from, To: number, ...(digits && { Digits: digits }) });
  expect(routed.status).toBe(200);
  expect(routed.body).toContain("<Enqueue");
  expect((await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token)).status).toBe(200);
  const waiting = (await tenant.client.get("/api/queue/calls", tenant.agentA.token)).body.data.find((c: { call_sid: string }) => c.call_sid === inbound.callSid);
  expect((await tenant.client.post(`/api/queue/calls/${waiting.id}/accept`, {}, tenant.agentA.token)).status).toBe(200);
  expect((await sim.agentConnects({ identity: `user_${tenant.agentA.id}`, to: number, queueEntryId: String(waiting.id), callSid: newCallSid() })).body).toContain("<Queue>");
  expect((await sim.callStatus({ callSid: inbound.callSid, to: number, status: "completed", duration: 20 })).status).toBe(200);
  const log = (await tenant.client.get(`/api/voice/call-logs?call_sid=${inbound.callSid}`, tenant.admin.token)).body.data[0];
  return { callSid: inbound.callSid, body: inbound.body, log, recordingsStarted: (await controlRequests()).filter((c) => c.kind === "recording.create" && c.call === inbound.callSid).length };
}

describe("consent to recording (issue 47, point 1)", () => {
  it("refuses an opt-out key without an announcement, and an announcement file that is not https", async () => {
    const tenant = await createTenant();
    const put = (consent: Record<string, unknown>) => tenant.client.request("PUT", "/api/settings/calls", { token: tenant.admin.token, body: { recording_consent: consent } });
    const keyAlone = await put({ opt_out_digit: "1" });
    expect(keyAlone.status).toBe(422);
    expect(JSON.stringify(keyAlone.body.errors)).toContain("An opt-out key needs an announcement");
    const plainHttp = await put({ audio_url: "http://example.com/notice.mp3" });
    expect(plainHttp.status).toBe(422);
    const badNumber = await put({ text: "Recorded.", numbers: { "0207": { text: "Hello" } } });
    expect(badNumber.status).toBe(422);
    expect((await tenant.client.get("/api/settings/calls", tenant.admin.token)).body.recording_consent).toEqual({ text: null, audio_url: null, opt_out_digit: null, outbound: false, numbers: {} });
  });

  it("a caller who presses the opt-out key goes on unrecorded; one who stays on is recorded; the log says which, and a number's own words win", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const other = await giveNumber(tenant);
    // Both numbers answered by the organization (giveNumber gives one at a time).
    expect((await tenant.client.request("PUT", "/api/settings/telephony", { token: tenant.admin.token, body: { phone_numbers: [number, other] } })).status).toBe(200);
    await recorded(tenant, { text: ANNOUNCEMENT, opt_out_digit: "1", numbers: { [other]: { text: "Calls to this line are recorded.", opt_out_digit: "9" } } });

    const declined = await callThroughAnnouncement(tenant, number, "1");
    expect(declined.body).toContain(ANNOUNCEMENT);
    expect(declined.body).toContain("To continue without this call being recorded, press 1 now.");
    expect(declined.recordingsStarted).toBe(0);
    expect(declined.log).toMatchObject({ recording_url: null, recording_consent: { outcome: "declined", method: "text", digit: "1", decided_at: expect.any(String) } });

    const stayed = await callThroughAnnouncement(tenant, number, null);
    expect(stayed.recordingsStarted).toBe(1);
    expect(stayed.log.recording_consent).toMatchObject({ outcome: "announced", method: "text", digit: null });

    // Another key is not the opt-out: the call is recorded.
    const otherKey = await callThroughAnnouncement(tenant, number, "5");
    expect(otherKey.recordingsStarted).toBe(1);
    expect(otherKey.log.recording_consent.outcome).toBe("announced");

    // The second number has words and a key of its own.
    const ownWords = await callThroughAnnouncement(tenant, other, "9");
    expect(ownWords.body).toContain("Calls to this line are recorded.");
    expect(ownWords.body).not.toContain(ANNOUNCEMENT);
    expect(ownWords.recordingsStarted).toBe(0);
    expect(ownWords.log.recording_consent).toMatchObject({ outcome: "declined", digit: "9" });
  });

  it("an audio announcement is played; without an opt-out key there is nothing to gather; an unrecorded organization announces nothing", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const put = (consent: Record<string, unknown>) => tenant.client.request("PUT", "/api/settings/calls", { token: tenant.admin.token, body: { recording_consent: consent } });
    expect((await put({ audio_url: "https://example.com/notice.mp3" })).status).toBe(200);
    // Not recorded: callers go straight to the queue.
    const unrecorded = await provider().inboundCall({ from: uniquePhone(), to: number });
    expect(unrecorded.body).toContain("<Enqueue");
    expect(unrecorded.body).not.toContain("notice.mp3");

    await recorded(tenant, { audio_url: "https://example.com/notice.mp3" });
    const from = uniquePhone();
    const call = await provider().inboundCall({ from, to: number });
    expect(call.body).toContain("<Play>https://example.com/notice.mp3</Play>");
    expect(call.body).not.toContain("<Gather");
    const next = await playCallback(redirectTarget(call.body), { CallSid: call.callSid, From: from, To: number });
    expect(next.body).toContain("<Enqueue");
  });

  it("people agents call hear the announcement when the organization says so, and their call's log keeps it", async () => {
    const tenant = await createTenant();
    await recorded(tenant, { text: ANNOUNCEMENT, outbound: true });
    const sim = provider();
    const to = uniquePhone();
    const placed = await sim.manualCall({ identity: `user_${tenant.agentA.id}`, to });
    const announcement = twimlAttribute(placed.body, "Number", "url");
    expect(announcement).toMatch(/\/api\/telephony\/announcement\?call=CA/);
    const heard = await playCallback(announcement!, { CallSid: newCallSid(), ParentCallSid: placed.callSid, From: "+15005550006", To: to, CallStatus: "in-progress" });
    expect(heard.status).toBe(200);
    expect(heard.body).toContain(`<Say>${ANNOUNCEMENT}</Say>`);
    await sim.manualStatus({ callSid: placed.callSid, identity: `user_${tenant.agentA.id}`, to, status: "completed", duration: 12 });
    const log = (await tenant.client.get(`/api/voice/call-logs?call_sid=${placed.callSid}`, tenant.admin.token)).body.data[0];
    expect(log.recording_consent).toMatchObject({ outcome: "announced", method: "text" });

    // A recorded campaign: the contact hears it before the agent is dialed.
    const number = await giveNumber(tenant);
    const tag = `consent-${Date.now()}`;
    const contact = await makeContact(tenant, { name: "Told Contact", tags: [tag], phone: inHoursPhone() });
    const campaign = await tenant.client.post(
      "/api/campaigns",
      { name: "Told outreach", calling_window: ALL_DAY, selection: { tags: [tag] }, dialing_mode: "progressive", caller_id: number, max_attempts: 1, recording_enabled: true },
      tenant.managerA.token,
    );
    expect(campaign.status).toBe(201);
    expect((await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token)).status).toBe(200);
    expect((await tenant.client.post(`/api/campaigns/${campaign.body.id}/start`, {}, tenant.managerA.token)).status).toBe(200);
    const [dialed] = await waitForCalls(contact.phone);
    const answer = await playCallback(dialed.Url, { CallSid: dialed.sid, From: number, To: contact.phone, CallStatus: "in-progress", Direction: "outbound-api" });
    expect(answer.body).toMatch(new RegExp(`<Say>${ANNOUNCEMENT}</Say><Dial[^>]*><Client`));
    await playCallback(dialed.StatusCallback, { CallSid: dialed.sid, From: number, To: contact.phone, CallStatus: "completed", CallDuration: "20" });
    const campaignLog = (await tenant.client.get(`/api/voice/call-logs?call_sid=${dialed.sid}`, tenant.admin.token)).body.data[0];
    expect(campaignLog.recording_consent).toMatchObject({ outcome: "announced", method: "text" });

    // Not asked for outbound calls: no announcement on the dial.
    await recorded(tenant, { text: ANNOUNCEMENT, outbound: false });
    const quiet = await sim.manualCall({ identity: `user_${tenant.agentA.id}`, to: uniquePhone() });
    expect(twimlAttribute(quiet.body, "Number", "url")).toBeNull();
  });
});

/** The text of the TwiML's <Redirect> (its address is its content, not an attribute). */
function redirectTarget(xml: string): string {
  const found = /<Redirect[^>]*>([^<]+)<\/Redirect>/.exec(xml);
  if (!found) throw new Error(`no Redirect in ${xml}`);
  return found[1].replace(/&amp;/g, "&");
}
