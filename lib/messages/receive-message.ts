import "server-only";
import { prisma } from "@/lib/db/client";
import { rawQuery, sqlRows } from "@/lib/db/raw-sql";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/logger";
import { getSettings } from "@/lib/settings/get-settings";
import type { IncomingText } from "@/lib/telephony/text-events";
import { queueMayMove } from "@/lib/queue-entries/queue-may-move";
import { announceMessage } from "./announce-message";
import { KEYWORD_REPLIES, messageKeyword } from "./keywords";
import { openConversation, touchConversation } from "./open-conversation";
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
  const { encoding, segments } = countSegments(text.body);

  const result = await prisma.$transaction(async (tx) => {
    const conversation = await openConversation(tx, { organizationId, channel: text.channel, phone: text.from, ourNumber: text.to || null, reopen: true });
    const sentAt = text.sentAt ?? new Date();
    const [stored] = await sqlRows<{ id: bigint }[]>(tx)`
      INSERT INTO messages (organization_id, conversation_id, direction, body, media, status, provider_sid, from_number, to_number, encoding, segments, keyword, origin, created_at)
      VALUES (${organizationId}, ${conversation.id}, 'inbound', ${text.body}, ${JSON.stringify(text.media)}::jsonb, 'received', ${text.sid}, ${text.from}, ${text.to}, ${encoding}, ${segments}, ${keyword}, 'provider', ${sentAt})
      ON CONFLICT (provider_sid) DO NOTHING RETURNING id`;
    // The same delivery committed by a concurrent request in the meantime.
    if (!stored) return null;
    let last = stored.id;
    await touchConversation(tx, conversation.id, stored.id, sentAt);
    if (keyword === "opt_out" || keyword === "opt_in") await recordConsent(tx, { organizationId, channel: text.channel, phone: text.from, keyword, word: text.body.trim(), messageId: stored.id });
    let reply: ReceivedText["reply"] = null;
    if (replyBody) {
      const shape = countSegments(replyBody);
      const [auto] = await sqlRows<{ id: bigint }[]>(tx)`
        INSERT INTO messages (organization_id, conversation_id, direction, body, status, from_number, to_number, encoding, segments, origin)
        VALUES (${organizationId}, ${conversation.id}, 'outbound', ${replyBody}, 'queued', ${text.to}, ${text.from}, ${shape.encoding}, ${shape.segments}, 'auto')
        RETURNING id`;
      reply = { id: auto.id, body: replyBody };
      last = auto.id;
    }
    await touchConversation(tx, conversation.id, last);
    return { reply, conversationId: conversation.id, messageId: stored.id };
  });
  if (!result) return { reply: null, duplicate: true };
  await queueMessageMedia(organizationId, result.messageId, text.media);
  await announceMessage("message.received", result.conversationId, { id: result.messageId, status: "received" });
  // A new conversation may be one to assign (issue 44).
  queueMayMove(organizationId);
  if (keyword === "opt_out") logger.info("sms opt-out", { organization_id: organizationId, message_sid: text.sid });
  return { reply: result.reply, duplicate: false };
}

/**
 * The common case, a message that is no keyword, in one statement (a burst of
 * texts is hundreds a second): the message's id is drawn first, so the
 * conversation is opened (or reopened) already pointing at it, then the
 * message is stored. A delivery that a concurrent request stored first inserts
 * nothing; the conversation then points back at its real newest message.
 */
async function storePlainMessage(organizationId: number, text: IncomingText): Promise<boolean> {
  const { encoding, segments } = countSegments(text.body);
  const [row] = await rawQuery<{ message_id: string | null; conversation_id: string }>(
    `WITH drawn AS (SELECT nextval(pg_get_serial_sequence('messages', 'id')) AS id),
     conversation AS (
       INSERT INTO conversations (organization_id, department_id, contact_id, channel, phone, our_number, last_message_id, last_message_at, last_inbound_at)
       SELECT $1, COALESCE(ct.department_id, (SELECT min(id) FROM departments WHERE organization_id = $1)), ct.id, $9::text, $2::text, NULLIF($3::text, ''), drawn.id, now(), $10::timestamptz
       FROM drawn LEFT JOIN contacts ct ON ct.organization_id = $1 AND ct.phone = $2::text
       ON CONFLICT (organization_id, channel, phone) DO UPDATE SET
         contact_id = COALESCE(EXCLUDED.contact_id, conversations.contact_id),
         our_number = COALESCE(EXCLUDED.our_number, conversations.our_number),
         status = 'open',
         last_message_id = GREATEST(conversations.last_message_id, EXCLUDED.last_message_id),
         last_inbound_at = GREATEST(conversations.last_inbound_at, EXCLUDED.last_inbound_at),
         last_message_at = now(), updated_at = now()
       RETURNING id),
     stored AS (
       INSERT INTO messages (id, organization_id, conversation_id, direction, body, media, status, provider_sid, from_number, to_number, encoding, segments, origin, created_at)
       SELECT drawn.id, $1, conversation.id, 'inbound', $4::text, $5::jsonb, 'received', $6::text, $2::text, $3::text, $7::text, $8::int, 'provider', $10::timestamptz
       FROM drawn, conversation
       ON CONFLICT (provider_sid) DO NOTHING RETURNING id)
     SELECT (SELECT id FROM stored)::text AS message_id, (SELECT id FROM conversation)::text AS conversation_id`,
    [organizationId, text.from, text.to, text.body, JSON.stringify(text.media), text.sid, encoding, segments, text.channel, text.sentAt ?? new Date()],
  );
  if (row.message_id) {
    await queueMessageMedia(organizationId, row.message_id, text.media);
    await announceMessage("message.received", row.conversation_id, { id: row.message_id, status: "received" });
    queueMayMove(organizationId);
    return true;
  }
  await rawQuery(`UPDATE conversations SET last_message_id = (SELECT max(id) FROM messages WHERE conversation_id = $1) WHERE id = $1`, [row.conversation_id]);
  return false;
}

/** Has this MessageSid been stored? Another organization's SID is a conflict, never touched (409). */
async function alreadyStored(organizationId: number, sid: string): Promise<boolean> {
  const [owner] = await rawQuery<{ organization_id: number }>(`SELECT organization_id FROM messages WHERE provider_sid = $1`, [sid]);
  if (!owner) return false;
  if (owner.organization_id !== organizationId) {
    logger.warn("message SID of another organization", { organization_id: organizationId, message_sid: sid });
    throw AppError.conflict("This message belongs to another account.");
  }
  return true;
}
