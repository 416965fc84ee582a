import "server-only";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { logger } from "@/lib/logger";
import { getSettings } from "@/lib/settings/get-settings";
import type { IncomingText } from "./incoming-text";
import { KEYWORD_REPLIES, messageKeyword } from "./keywords";
import { openConversation, touchConversation } from "./open-conversation";
import { countSegments } from "./segments";
import { recordConsent } from "./sms-consent";

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
  const replyBody = keyword === "help" ? (await getSettings(organizationId, "sms")).help_text : keyword ? KEYWORD_REPLIES[keyword] : null;
  const { encoding, segments } = countSegments(text.body);

  const result = await prisma.$transaction(async (tx) => {
    const conversation = await openConversation(tx, { organizationId, phone: text.from, ourNumber: text.to || null, reopen: true });
    const [stored] = await tx.$queryRaw<{ id: bigint }[]>`
      INSERT INTO messages (organization_id, conversation_id, direction, body, media, status, provider_sid, from_number, to_number, encoding, segments, keyword, origin)
      VALUES (${organizationId}, ${conversation.id}, 'inbound', ${text.body}, ${JSON.stringify(text.media)}::jsonb, 'received', ${text.sid}, ${text.from}, ${text.to}, ${encoding}, ${segments}, ${keyword}, 'provider')
      ON CONFLICT (provider_sid) DO NOTHING RETURNING id`;
    // The same delivery committed by a concurrent request in the meantime.
    if (!stored) return null;
    let last = stored.id;
    if (keyword === "opt_out" || keyword === "opt_in") await recordConsent(tx, { organizationId, phone: text.from, keyword, word: text.body.trim(), messageId: stored.id });
    let reply: ReceivedText["reply"] = null;
    if (replyBody) {
      const shape = countSegments(replyBody);
      const [auto] = await tx.$queryRaw<{ id: bigint }[]>`
        INSERT INTO messages (organization_id, conversation_id, direction, body, status, from_number, to_number, encoding, segments, origin)
        VALUES (${organizationId}, ${conversation.id}, 'outbound', ${replyBody}, 'queued', ${text.to}, ${text.from}, ${shape.encoding}, ${shape.segments}, 'auto')
        RETURNING id`;
      reply = { id: auto.id, body: replyBody };
      last = auto.id;
    }
    await touchConversation(tx, conversation.id, last);
    return { reply };
  });
  if (!result) return { reply: null, duplicate: true };
  if (keyword === "opt_out") logger.info("sms opt-out", { organization_id: organizationId, message_sid: text.sid });
  return { reply: result.reply, duplicate: false };
}

/** Has this MessageSid been stored? Another organization's SID is a conflict, never touched (409). */
async function alreadyStored(organizationId: number, sid: string): Promise<boolean> {
  const owner = await prisma.message.findUnique({ where: { provider_sid: sid }, select: { organization_id: true } });
  if (!owner) return false;
  if (owner.organization_id !== organizationId) {
    logger.warn("message SID of another organization", { organization_id: organizationId, message_sid: sid });
    throw AppError.conflict("This message belongs to another account.");
  }
  return true;
}
