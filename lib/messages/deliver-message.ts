import "server-only";
import { prisma } from "@/lib/db/client";
import { announceMessage } from "./announce-message";
import { telephony, type TextAnswer } from "@/lib/telephony/port";
import { runSql } from "@/lib/db/run-sql";

/**
 * Hands a stored outgoing message to the provider (outside any transaction)
 * and records its answer: the provider's SID and status, or `failed` with the
 * provider's error code and reason. A status callback that came first is
 * never undone.
 */
export async function deliverMessage(organizationId: number, messageId: bigint): Promise<TextAnswer> {
  const message = await prisma.message.findFirst({
    where: { id: messageId, organization_id: organizationId },
    select: { to_number: true, from_number: true, body: true, media: true, conversation_id: true, content_sid: true, content_variables: true, conversation: { select: { channel: true } } },
  });
  if (!message) return { accepted: false, code: null, reason: "The message no longer exists." };
  const answer = await telephony().sendText(organizationId, {
    messageId,
    channel: message.conversation.channel === "whatsapp" ? "whatsapp" : "sms",
    to: message.to_number,
    from: message.from_number,
    body: message.body,
    mediaUrls: (message.media as { url: string }[]).map((m) => m.url),
    template: message.content_sid ? { contentSid: message.content_sid, variables: (message.content_variables ?? {}) as Record<string, string> } : null,
  });
  if (answer.accepted) {
    await runSql(prisma).count`
      UPDATE messages SET provider_sid = COALESCE(provider_sid, ${answer.sid}),
        status = CASE WHEN status IN ('held', 'queued') THEN ${answer.status} ELSE status END, updated_at = now()
      WHERE id = ${messageId} AND organization_id = ${organizationId}`;
  } else {
    await runSql(prisma).count`
      UPDATE messages SET status = 'failed', error_code = ${answer.code}, error_message = ${answer.reason.slice(0, 1000)}, updated_at = now()
      WHERE id = ${messageId} AND organization_id = ${organizationId}`;
  }
  await announceMessage("message.status", message.conversation_id, { id: messageId, status: answer.accepted ? answer.status : "failed" });
  return answer;
}
