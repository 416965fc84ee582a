import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/client";
import type { MessageKeyword } from "./keywords";
import { runSql } from "@/lib/db/run-sql";
import type { MessageChannel } from "@/lib/telephony/text-events";

/**
 * Records a STOP or START: the number's consent now, with the message that
 * carries the evidence. Later sends read it (refused while opted out).
 */
export async function recordConsent(
  tx: Tx,
  {
    organizationId,
    channel,
    phone,
    keyword,
    word,
    messageId,
  }: { organizationId: number; channel: MessageChannel; phone: string; keyword: Exclude<MessageKeyword, "help">; word: string; messageId: bigint },
) {
  const optedOut = keyword === "opt_out";
  await runSql(tx).count`
    INSERT INTO sms_opt_outs (organization_id, channel, phone, opted_out, changed_at, message_id, keyword)
    VALUES (${organizationId}, ${channel}, ${phone}, ${optedOut}, now(), ${messageId}, ${word.slice(0, 20)})
    ON CONFLICT (organization_id, channel, phone) DO UPDATE SET opted_out = EXCLUDED.opted_out, changed_at = EXCLUDED.changed_at, message_id = EXCLUDED.message_id, keyword = EXCLUDED.keyword`;
}

export interface SmsOptOut {
  opted_out_at: Date;
  message_id: bigint | null;
  keyword: string;
}

/** The number's opt-out on a channel, when it has sent STOP there (and not START since). */
export async function smsOptOut(db: Tx, organizationId: number, phone: string, channel: MessageChannel = "sms"): Promise<SmsOptOut | null> {
  const [row] = await runSql(db).rows<SmsOptOut>(Prisma.sql`
    SELECT changed_at AS opted_out_at, message_id, keyword FROM sms_opt_outs
    WHERE organization_id = ${organizationId} AND channel = ${channel} AND phone = ${phone} AND opted_out`);
  return row ?? null;
}
