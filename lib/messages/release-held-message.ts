import "server-only";
import { prisma } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { deliverMessage } from "./deliver-message";
import { smsOptOut } from "./sms-consent";
import { runSql } from "@/lib/db/run-sql";

/**
 * A campaign text held through quiet hours goes out when they end (the job
 * queue wakes it then). Claimed with one conditional update, so a repeated job
 * sends it once; a number that opted out meanwhile is not texted.
 */
export async function releaseHeldMessage({ organization_id, message_id }: { organization_id: number; message_id: string }): Promise<void> {
  const id = BigInt(message_id);
  const [held] = await runSql(prisma).rows<{ to_number: string; channel: "sms" | "whatsapp" }>`
    UPDATE messages m SET status = 'queued', updated_at = now() FROM conversations c
    WHERE m.id = ${id} AND m.organization_id = ${organization_id} AND m.status = 'held' AND c.id = m.conversation_id
    RETURNING m.to_number, c.channel`;
  if (!held) return;
  if (await smsOptOut(prisma, organization_id, held.to_number, held.channel)) {
    await runSql(prisma).count`UPDATE messages SET status = 'failed', error_message = 'The number opted out of text messages while this message was held.', updated_at = now() WHERE id = ${id}`;
    return;
  }
  const answer = await deliverMessage(organization_id, id);
  if (!answer.accepted) logger.warn("held message refused by the provider", { organization_id, message_id, code: answer.code });
}
