import { inject } from "vitest";
import { newMessageSid } from "@/lib/twilio/simulator/simulator";
import type { Tenant } from "./factories";
import { giveNumber, provider } from "./provider";

export interface ProviderMessage {
  sid: string;
  To: string;
  From: string;
  Body?: string;
  MediaUrl: string[];
  StatusCallback: string;
  /** WhatsApp templates (issue 48). */
  ContentSid?: string;
  ContentVariables?: string;
}

/** What we asked the provider to send, as the fake provider recorded it. */
export async function sentToProvider(to: string): Promise<ProviderMessage[]> {
  const response = await fetch(`${inject("fakeProviderUrl")}/__messages?to=${encodeURIComponent(to)}`);
  return response.json();
}

/**
 * What the provider has received for `to` once it holds at least `count` texts
 * (or after 10 s): a job sends in the background, and "queued" is set when the
 * send is claimed, before the provider has answered.
 */
export async function sentToProviderAtLeast(to: string, count: number): Promise<ProviderMessage[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const sent = await sentToProvider(to);
    if (sent.length >= count || Date.now() > deadline) return sent;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The fake provider refuses the next message to `to`, with the provider's error code. */
export async function refuseNextMessage(to: string, code: number, message: string) {
  await fetch(`${inject("fakeProviderUrl")}/__refuse_message?${new URLSearchParams({ to, code: String(code), message })}`, { method: "POST" });
}

/** A tenant with a number that takes texts, and a helper that texts it as the provider would. */
export async function textingTenant(tenant: Tenant) {
  const number = await giveNumber(tenant);
  const incoming = (from: string, body: string, messageSid = newMessageSid()) => provider().incomingSms({ from, to: number, body, messageSid });
  return { number, incoming };
}

/** The conversation with `phone` as `token` lists it (or undefined when out of reach). */
export async function conversationWith(tenant: Tenant, phone: string, token: string) {
  const response = await tenant.client.get(`/api/conversations?q=${encodeURIComponent(phone.slice(1))}&per_page=100`, token);
  if (response.status !== 200) throw new Error(`conversations: ${response.status}`);
  return response.body.data.find((row: { phone: string }) => row.phone === phone);
}
