import "server-only";
import type { Tx } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import type { MessageChannel } from "@/lib/telephony/text-events";

export interface OpenedConversation {
  id: bigint;
  department_id: number | null;
  assigned_user_id: number | null;
  status: string;
  our_number: string | null;
  last_inbound_at: Date | null;
  created: boolean;
}

/**
 * The organization's conversation with `phone` on a channel (SMS unless
 * said), created on first contact: it
 * belongs to the department of the contact with that number, else to the
 * department given (the sender's), else the organization's first. A message
 * that arrives reopens it.
 */
export async function openConversation(
  tx: Tx,
  {
    organizationId,
    channel = "sms",
    phone,
    ourNumber,
    reopen,
    departmentId = null,
  }: { organizationId: number; channel?: MessageChannel; phone: string; ourNumber: string | null; reopen: boolean; departmentId?: number | null },
): Promise<OpenedConversation> {
  const [row] = await runSql(tx).rows<OpenedConversation>`
    INSERT INTO conversations (organization_id, department_id, contact_id, channel, phone, our_number)
    SELECT ${organizationId}, COALESCE(ct.department_id, ${departmentId}::int, (SELECT min(id) FROM departments WHERE organization_id = ${organizationId})), ct.id, ${channel}, ${phone}, ${ourNumber}
    FROM (SELECT 1) AS one LEFT JOIN contacts ct ON ct.organization_id = ${organizationId} AND ct.phone = ${phone}
    ON CONFLICT (organization_id, channel, phone) DO UPDATE SET
      contact_id = COALESCE(EXCLUDED.contact_id, conversations.contact_id),
      our_number = COALESCE(EXCLUDED.our_number, conversations.our_number),
      status = CASE WHEN ${reopen} THEN 'open' ELSE conversations.status END,
      updated_at = now()
    RETURNING id, department_id, assigned_user_id, status, our_number, last_inbound_at, (xmax = 0) AS created`;
  return row;
}

/** The conversation's newest message is now `messageId` (never an older one, whatever the order of commits); `inboundAt`: the person sent it then. */
export async function touchConversation(tx: Tx, conversationId: bigint, messageId: bigint, inboundAt: Date | null = null): Promise<void> {
  await runSql(tx).count`
    UPDATE conversations SET last_message_id = ${messageId}, last_message_at = now(), updated_at = now(),
           last_inbound_at = GREATEST(last_inbound_at, ${inboundAt}::timestamptz)
    WHERE id = ${conversationId} AND (last_message_id IS NULL OR last_message_id < ${messageId})`;
}
