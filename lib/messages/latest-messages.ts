import "server-only";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { MESSAGE_COLUMNS, serializeMessage, type MessageRow } from "./serialize-message";
import { runSql } from "@/lib/db/run-sql";

/**
 * A contact's latest texts (newest first) for the contact detail, beside its
 * calls, with the conversation they belong to and the number's SMS opt-out.
 */
export async function latestMessages(organizationId: number, contactId: bigint, limit = 20) {
  const phone = Prisma.sql`(SELECT phone FROM contacts WHERE id = ${contactId} AND organization_id = ${organizationId})`;
  const [rows, [optOut]] = await Promise.all([
    runSql(prisma).rows<MessageRow>(Prisma.sql`
      SELECT ${MESSAGE_COLUMNS} FROM conversations c JOIN messages m ON m.conversation_id = c.id LEFT JOIN users mu ON mu.id = m.user_id
      WHERE c.organization_id = ${organizationId} AND c.phone = ${phone} ORDER BY m.id DESC LIMIT ${limit}`),
    runSql(prisma).rows<{ changed_at: Date; message_id: bigint | null }>(Prisma.sql`
      SELECT changed_at, message_id FROM sms_opt_outs WHERE organization_id = ${organizationId} AND channel = 'sms' AND phone = ${phone} AND opted_out`),
  ]);
  return {
    recent_messages: rows.map(serializeMessage),
    sms_opted_out_at: optOut?.changed_at.toISOString() ?? null,
    sms_opt_out_message_id: optOut?.message_id == null ? null : Number(optOut.message_id),
  };
}
