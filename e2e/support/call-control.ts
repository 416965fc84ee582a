import { expect, inject } from "vitest";
import { newCallSid } from "@/lib/telephony/simulator";
import type { Tenant } from "./factories";
import { giveNumber, provider } from "./provider";

// What the service asked the provider to do to live calls (the fake provider's record, issue 22).
export interface ControlRequest {
  kind: "call.update" | "participant.create" | "participant.update" | "participant.delete" | "recording.create";
  call: string;
  /** recording.create: the recording's sid, as the provider answered it. */
  recording?: string;
  conference?: string;
  body: Record<string, string>;
}

export async function controlRequests(call?: string): Promise<ControlRequest[]> {
  const response = await fetch(`${inject("fakeProviderUrl")}/__controls${call ? `?call=${call}` : ""}`);
  return response.json();
}

/** An attribute of the first element of that name in a TwiML document, unescaped as the provider reads it. */
export function twimlAttribute(xml: string, element: string, attribute: string): string | null {
  const tag = new RegExp(`<${element}\\b[^>]*>`).exec(xml)?.[0];
  const value = tag && new RegExp(`\\s${attribute}="([^"]*)"`).exec(tag)?.[1];
  return value ? value.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">") : null;
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

