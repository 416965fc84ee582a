import "server-only";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/logger";
import { getSettings } from "@/lib/settings/get-settings";
import type { IncomingText } from "@/lib/telephony/text-events";
import { queueMayMove } from "@/lib/queue/entries/queue-may-move";
import { announceMessage } from "./announce-message";
import { KEYWORD_REPLIES, messageKeyword } from "./keywords";
import { touchConversation } from "./open-conversation";
import { storeInboundMessage, storeInboundMessageIn, type InboundMessage } from "./store-inbound-message";
import { countSegments } from "./segments";
import { recordConsent } from "./sms-consent";
import { queueMessageMedia } from "./store-message-media";

export interface ReceivedText {
  /** What we answer the sender with (STOP, START, HELP), stored as an outgoing message. */
  reply: { id: bigint; body: string } | null;
  duplicate: boolean;
}

/**
 * Stores one incoming text in its conversation, once: a repeated delivery of
 * the same MessageSid stores nothing more. A message that is only STOP (or
 * another opt-out word) opts the number out with the message as evidence;
 * START lifts it; HELP is answered with the organization's help text.
 */
export async function receiveMessage({ organizationId, text }: { organizationId: number; text: IncomingText }): Promise<ReceivedText> {
  if (await alreadyStored(organizationId, text.sid)) return { reply: null, duplicate: true };
  const keyword = messageKeyword(text.body);
  if (!keyword) return { reply: null, duplicate: !(await storePlainMessage(organizationId, text)) };
  const replyBody = keyword === "help" ? (await getSettings(organizationId, "sms")).help_text : keyword ? KEYWORD_REPLIES[keyword] : null;

  const result = await prisma.$transaction(async (tx) => {
    const stored = await storeInboundMessageIn(tx, { ...inbound(organizationId, text), keyword });
    // The same delivery committed by a concurrent request in the meantime.
    if (!stored.messageId) return null;
    let last = stored.messageId;
    if (keyword === "opt_out" || keyword === "opt_in")
      await recordConsent(tx, { organizationId, channel: text.channel, phone: text.from, keyword, word: text.body.trim(), messageId: stored.messageId });
    let reply: ReceivedText["reply"] = null;
    if (replyBody) {
      const shape = countSegments(replyBody);
      const [auto] = await runSql(tx).rows<{ id: bigint }>`
        INSERT INTO messages (organization_id, conversation_id, direction, body, status, from_number, to_number, encoding, segments, origin)
        VALUES (${organizationId}, ${stored.conversationId}, 'outbound', ${replyBody}, 'queued', ${text.to}, ${text.from}, ${shape.encoding}, ${shape.segments}, 'auto')
        RETURNING id`;
      reply = { id: auto.id, body: replyBody };
      last = auto.id;
    }
    await touchConversation(tx, stored.conversationId, last);
    return { reply, conversationId: stored.conversationId, messageId: stored.messageId };
  });
  if (!result) return { reply: null, duplicate: true };
  await queueMessageMedia(organizationId, result.messageId, text.media);
  await announceMessage("message.received", result.conversationId, { id: result.messageId, status: "received" });
  // A new conversation may be one to assign (issue 44).
  queueMayMove(organizationId);
  if (keyword === "opt_out") logger.info("sms opt-out", { organization_id: organizationId, message_sid: text.sid });
  return { reply: result.reply, duplicate: false };
}

/** A text as a message someone sent (lib/messages/store-inbound-message.ts). */
const inbound = (organizationId: number, text: IncomingText): InboundMessage => ({
  organizationId,
  channel: text.channel,
  from: text.from,
  to: text.to,
  body: text.body,
  media: text.media,
  providerSid: text.sid,
  sentAt: text.sentAt ?? new Date(),
});

/** The common case, a message that is no keyword: one statement (a burst of texts is hundreds a second). */
async function storePlainMessage(organizationId: number, text: IncomingText): Promise<boolean> {
  const stored = await storeInboundMessage(inbound(organizationId, text));
  if (!stored.messageId) return false;
  await queueMessageMedia(organizationId, stored.messageId, text.media);
  await announceMessage("message.received", stored.conversationId, { id: stored.messageId, status: "received" });
  queueMayMove(organizationId);
  return true;
}

/** Has this MessageSid been stored? Another organization's SID is a conflict, never touched (409). */
async function alreadyStored(organizationId: number, sid: string): Promise<boolean> {
  const [owner] = await runSql().rows<{ organization_id: number }>(`SELECT organization_id FROM messages WHERE provider_sid = $1`, [sid]);
  if (!owner) return false;
  if (owner.organization_id !== organizationId) {
    logger.warn("message SID of another organization", { organization_id: organizationId, message_sid: sid });
    throw AppError.conflict("This message belongs to another account.");
  }
  return true;
}
