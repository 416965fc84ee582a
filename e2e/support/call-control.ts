import { expect, inject } from "vitest";
import { newCallSid } from "@/lib/twilio/simulator/simulator";
import type { Tenant } from "./factories";
import { playCallback } from "./campaigns";
import { giveNumber, provider } from "./provider";

// What the service asked the provider to do to live calls (the fake provider's record, issue 22).
export interface ControlRequest {
  kind: "call.update" | "participant.create" | "participant.update" | "participant.delete" | "recording.create" | "recording.update" | "recording.delete" | "payment.create" | "payment.update";
  call: string;
  /** payment.create and payment.update: the payment session's sid. */
  payment?: string;
  /** recording.create: the recording's sid, as the provider answered it. */
  recording?: string;
  conference?: string;
  /** A field sent more than once (StatusCallbackEvent) keeps all its values. */
  body: Record<string, string> & { StatusCallbackEvent?: string | string[]; ConferenceStatusCallbackEvent?: string | string[] };
  /** The provider's error code when it refused the request (16028: the call to coach is not in the conference; 21220: the call has ended). */
  refused?: number;
}

export async function controlRequests(call?: string): Promise<ControlRequest[]> {
  const response = await fetch(`${inject("fakeProviderUrl")}/__controls${call ? `?call=${call}` : ""}`);
  return response.json();
}

/** An attribute of the first element of that name in a TwiML document, unescaped as the provider reads it. */
export function twimlAttribute(xml: string, element: string, attribute: string): string | null {
  const tag = new RegExp(`<${element}\\b[^>]*>`).exec(xml)?.[0];
  const value = tag && new RegExp(`\\s${attribute}="([^"]*)"`).exec(tag)?.[1];
  return value
    ? value
        .replace(/&amp;/g, "&")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
    : null;
}

/** The conference a TwiML document seats its leg in. */
export function conferenceName(xml: string): string | null {
  return /<Conference[^>]*>([^<]+)<\/Conference>/.exec(xml)?.[1] ?? null;
}

/** A leg seated in a conference by a TwiML answer: the fake provider seats it as the provider would; the conference's sid. */
export async function joinConference(conference: string, callSid: string): Promise<string> {
  const response = await fetch(`${inject("fakeProviderUrl")}/__join?conference=${encodeURIComponent(conference)}&call=${callSid}`, { method: "POST" });
  return ((await response.json()) as { sid: string }).sid;
}

/** An inbound caller the agent has accepted and joined: the caller's leg and the agent's. */
export async function connectedInboundCall(tenant: Tenant) {
  const number = await giveNumber(tenant);
  const sim = provider();
  const inbound = await sim.inboundCall({ from: "+14155550177", to: number });
  expect((await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token)).status).toBe(200);
  const [waiting] = (await tenant.client.get("/api/queue/calls", tenant.agentA.token)).body.data;
  expect((await tenant.client.post(`/api/queue/calls/${waiting.id}/accept`, {}, tenant.agentA.token)).status).toBe(200);
  const agentLeg = newCallSid();
  const joined = await sim.agentConnects({ identity: `user_${tenant.agentA.id}`, to: number, queueEntryId: String(waiting.id), callSid: agentLeg });
  expect(joined.body).toContain("<Queue>");
  return { sim, number, callSid: inbound.callSid, agentLeg };
}

/** The participant the service dialed into a conference, by where it rings. */
export async function dialedTo(to: string) {
  const created = (await controlRequests()).filter((c) => c.kind === "participant.create" && c.body.To === to);
  expect(created).toHaveLength(1);
  return created[0];
}

/** The conference reports a leg joining (as the provider would, from the conference's status address). */
export async function joined(statusUrl: string, conference: string, legSid: string) {
  const conferenceSid = await joinConference(conference, legSid);
  expect((await playCallback(statusUrl, { ConferenceSid: conferenceSid, FriendlyName: conference, StatusCallbackEvent: "participant-join", CallSid: legSid })).status).toBe(200);
  return conferenceSid;
}

/** An inbound call already in its conference (the agent's leg moved and the caller followed; the conference reported both joining): the conference's status address. */
export async function conferencedInboundCall(tenant: Tenant) {
  const call = await connectedInboundCall(tenant);
  expect((await tenant.client.post(`/api/calls/${call.callSid}/hold`, { on: true }, tenant.agentA.token)).status).toBe(200);
  const followed = await call.sim.dequeue({ callSid: call.callSid, to: call.number, result: "bridged", queueTime: 3 });
  const conference = conferenceName(followed.body)!;
  const statusUrl = twimlAttribute(followed.body, "Conference", "statusCallback")!;
  await joined(statusUrl, conference, call.agentLeg);
  await joined(statusUrl, conference, call.callSid);
  expect((await tenant.client.post(`/api/calls/${call.callSid}/hold`, { on: false }, tenant.agentA.token)).status).toBe(200);
  return { ...call, conference, statusUrl };
}

/** The provider's next answers to an operation (participant.create, call.update, …) come late; only to `to`, when given (files share the double). */
export async function slowProvider(op: string, ms: number, to?: string) {
  const query = new URLSearchParams({ op, ms: String(ms), ...(to && { to }) });
  expect((await fetch(`${inject("fakeProviderUrl")}/__delay?${query}`, { method: "POST" })).status).toBe(204);
}

/** A call ended on the provider's side (the caller hung up): it leaves its conference and the provider refuses to change it (21220). */
export async function providerCallEnded(callSid: string) {
  expect((await fetch(`${inject("fakeProviderUrl")}/__hangup?call=${callSid}`, { method: "POST" })).status).toBe(204);
}

/** The provider's record of requests, polled until one matches (a request whose answer is still on its way). */
export async function awaitControl(match: (c: ControlRequest) => boolean, timeoutMs = 10_000): Promise<ControlRequest> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await controlRequests()).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error("the provider received no such request");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An inbound caller agent A took from the queue, talked to and who then hung up: its CallSid (the call log is written). */
export async function answeredInboundCall(tenant: Tenant, number: string, from: string, { queueTime = 2, duration = 40 } = {}): Promise<string> {
  const sim = provider();
  await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token);
  const call = await sim.inboundCall({ from, to: number });
  const [entry] = (await tenant.client.get("/api/queue/calls", tenant.agentA.token)).body.data.filter((c: { call_sid: string }) => c.call_sid === call.callSid);
  expect((await tenant.client.post(`/api/queue/calls/${entry.id}/accept`, undefined, tenant.agentA.token)).status).toBe(200);
  await sim.dequeue({ callSid: call.callSid, to: number, result: "bridged", queueTime });
  await sim.callStatus({ callSid: call.callSid, to: number, status: "completed", duration });
  return call.callSid;
}
