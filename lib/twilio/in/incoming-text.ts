// The provider's incoming-message webhook as typed input: the form fields it
// sends (MessageSid, From, To, Body, NumMedia, MediaUrl0.., MediaContentType0..)
// read once here, so the domain code never sees them.

import type { DeliveryReport, IncomingText } from "@/lib/telephony/text-events";

const MAX_MEDIA = 10;

const WHATSAPP = "whatsapp:";

/** A WhatsApp address ("whatsapp:+14155550100") as its number, and whether it was one. */
export function channelAddress(address: string | undefined): { number: string; whatsapp: boolean } {
  const value = (address ?? "").trim();
  return value.toLowerCase().startsWith(WHATSAPP) ? { number: value.slice(WHATSAPP.length), whatsapp: true } : { number: value, whatsapp: false };
}

export function incomingText(params: Record<string, string>, sentAt: Date | null = null): IncomingText | null {
  const sid = (params.MessageSid ?? params.SmsSid ?? "").trim();
  const from = channelAddress(params.From);
  if (!/^(SM|MM)[0-9a-fA-F]{32}$/.test(sid) || !from.number || from.number.length > 20) return null;
  const count = Math.min(MAX_MEDIA, Math.max(0, Number.parseInt(params.NumMedia ?? "0", 10) || 0));
  const media = Array.from({ length: count }, (_, i) => ({ url: params[`MediaUrl${i}`] ?? "", content_type: params[`MediaContentType${i}`] ?? null })).filter((m) => m.url.startsWith("https://"));
  const to = channelAddress(params.To).number.slice(0, 20);
  return { sid, channel: from.whatsapp ? "whatsapp" : "sms", from: from.number, to, sentAt, body: (params.Body ?? "").slice(0, 10_000), media };
}

export const DELIVERY_STATUSES = ["queued", "sending", "sent", "delivered", "undelivered", "failed", "read", "accepted", "scheduled", "canceled"] as const;

/** A delivery status callback as typed input. */
export function deliveryReport(params: Record<string, string>, query: URLSearchParams): DeliveryReport | null {
  const status = (params.MessageStatus ?? params.SmsStatus ?? "").trim().toLowerCase();
  const sid = (params.MessageSid ?? params.SmsSid ?? "").trim();
  const id = /^\d{1,18}$/.test(query.get("message") ?? "") ? BigInt(query.get("message")!) : null;
  if (!(DELIVERY_STATUSES as readonly string[]).includes(status) || !/^(SM|MM)[0-9a-fA-F]{32}$/.test(sid)) return null;
  return { sid, id, status, errorCode: (params.ErrorCode ?? "").trim().slice(0, 20) || null };
}
