import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/client";
import { announceMessage } from "./announce-message";
import { runSql } from "@/lib/db/run-sql";

// Delivery statuses only move forward: the provider's callbacks can arrive out
// of order, and a late "sent" must never overwrite "delivered". Each status
// has a rank; an update lands only on a message whose status ranks lower.
// The three final outcomes share a rank (one never replaces another), and
// "read" comes after delivery.
const RANK_SQL = (column: Prisma.Sql) => Prisma.sql`CASE ${column}
  WHEN 'held' THEN 0 WHEN 'scheduled' THEN 0 WHEN 'accepted' THEN 1 WHEN 'queued' THEN 1 WHEN 'sending' THEN 2 WHEN 'sent' THEN 3
  WHEN 'delivered' THEN 4 WHEN 'undelivered' THEN 4 WHEN 'failed' THEN 4 WHEN 'canceled' THEN 4 WHEN 'read' THEN 5 ELSE 6 END`;

/**
 * A delivery status callback: finds the outgoing message by the id its
 * callback address names (set before the provider's answer has even been
 * stored) or by its SID, in the callback's organization only, and moves it
 * forward. Answers whether anything changed.
 */
export async function updateMessageStatus({
  organizationId,
  report,
}: {
  organizationId: number;
  report: { sid: string; id: bigint | null; status: string; errorCode: string | null };
}): Promise<boolean> {
  const failed = report.status === "failed" || report.status === "undelivered";
  const moved = await runSql(prisma).rows<{ id: bigint; conversation_id: bigint }>`
    UPDATE messages SET status = ${report.status},
      provider_sid = COALESCE(provider_sid, ${report.sid}),
      error_code = CASE WHEN ${failed} THEN COALESCE(${report.errorCode}, error_code) ELSE error_code END,
      updated_at = now()
    WHERE organization_id = ${organizationId} AND direction = 'outbound'
      AND ${report.id === null ? Prisma.sql`provider_sid = ${report.sid}` : Prisma.sql`(id = ${report.id} AND (provider_sid IS NULL OR provider_sid = ${report.sid}))`}
      AND ${RANK_SQL(Prisma.sql`status`)} < ${RANK_SQL(Prisma.sql`${report.status}`)}
    RETURNING id, conversation_id`;
  for (const message of moved) await announceMessage("message.status", message.conversation_id, { id: message.id, status: report.status });
  return moved.length > 0;
}
