import { inject } from "vitest";

// What the service asked the provider to do to live calls (the fake provider's record, issue 22).
export interface ControlRequest {
  kind: "call.update" | "participant.create" | "participant.update" | "participant.delete";
  call: string;
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
