import { isolateBidi } from "@/lib/client/format/isolate-bidi";
// What the Messages page reads from the API, typed from the OpenAPI document (lib/messages/serialize-*.ts).

import type { GetAnswer } from "@/lib/client/swr/use-api-get";

/** A conversation as the list and a thread answer it. */
export type ConversationRow = GetAnswer<"/api/conversations">["data"][number];

/** A thread's newest page (GET /api/conversations/{id}/messages). */
export type Thread = GetAnswer<"/api/conversations/{id}/messages">;

export type MessageRow = Thread["data"][number];

/** How the inbox names each channel (issue 48). */
export const CHANNEL_LABEL: Record<ConversationRow["channel"], string> = { sms: "SMS", whatsapp: "WhatsApp", web: "Web chat" };

/** Who a conversation is with, as the inbox names them: the contact, a website visitor, or the number. */
export function conversationName(row: Pick<ConversationRow, "channel" | "phone" | "contact">, formatPhone: (phone: string) => string): string {
  if (row.contact) return isolateBidi(row.contact.name);
  return row.channel === "web" ? `Website visitor ${row.phone.replace(/^web:/, "#")}` : formatPhone(row.phone);
}
