import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { repliesClaimConversations } from "@/lib/auth/scope";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { dropDraft } from "@/lib/drafts/drop-draft";
import { AppError } from "@/lib/errors/app-error";
import { announceMessage } from "./announce-message";
import { getConversation } from "./get-conversation";
import { loadMessage } from "./load-message";
import { touchConversation } from "./open-conversation";
import { countSegments } from "./segments";
import { sendMessage } from "./send-message";

/**
 * An agent answers in a conversation, whatever its channel: a website visitor
 * (web) gets it at once on their open chat (delivered), a number by text or
 * WhatsApp through the provider as POST /api/messages sends it.
 */
export async function replyInConversation({ actor, id, body }: { actor: SessionUser; id: bigint; body: string }) {
  const conversation = await getConversation({ actor, id });
  if (conversation.channel !== "web") return sendMessage({ actor, input: { to: conversation.phone, body, channel: conversation.channel } });
  const { encoding, segments } = countSegments(body);
  const messageId = await prisma.$transaction(async (tx) => {
    const [row] = await runSql(tx).rows<{ id: bigint }>`
      INSERT INTO messages (organization_id, conversation_id, direction, body, status, user_id, from_number, to_number, encoding, segments, origin)
      VALUES (${actor.organization_id}, ${id}, 'outbound', ${body}, 'delivered', ${actor.id}, '', ${conversation.phone}, ${encoding}, ${segments}, 'agent')
      RETURNING id`;
    await touchConversation(tx, id, row.id);
    await dropDraft(tx, { userId: actor.id, kind: "reply", ref: String(id) });
    if (repliesClaimConversations(actor)) await runSql(tx).count`UPDATE conversations SET assigned_user_id = ${actor.id} WHERE id = ${id} AND assigned_user_id IS NULL`;
    return row.id;
  });
  await announceMessage("message.status", id, { id: messageId, status: "delivered" });
  const message = await loadMessage(actor.organization_id, messageId);
  if (!message) throw AppError.notFound();
  return message;
}
