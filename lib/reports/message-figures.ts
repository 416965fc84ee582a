import "server-only";
import { conversationScopeSql } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { Prisma } from "@/lib/generated/prisma/client";
import { runSql } from "@/lib/db/run-sql";
import type { ReportQuery } from "./schemas";
import { MESSAGE_CHANNELS } from "@/lib/messages/schemas";
import type { MessageChannel } from "@/lib/telephony/text-events";

// Text message figures beside the call figures: the messages of the
// conversations the caller may read (the same scope as GET /api/conversations),
// in the report's range on the caller's clock. Sent counts what the provider
// took (not failed, not still held); failed counts refusals and undelivered.

export interface MessageFigures {
  messages_sent: number;
  messages_received: number;
  messages_failed: number;
  opt_outs: number;
}

const FIGURES = Prisma.sql`
  count(*) FILTER (WHERE m.direction = 'outbound' AND m.status NOT IN ('failed', 'undelivered', 'held', 'canceled'))::int AS messages_sent,
  count(*) FILTER (WHERE m.direction = 'inbound')::int AS messages_received,
  count(*) FILTER (WHERE m.direction = 'outbound' AND m.status IN ('failed', 'undelivered'))::int AS messages_failed,
  count(*) FILTER (WHERE m.keyword = 'opt_out')::int AS opt_outs`;

export const NO_MESSAGES: MessageFigures = { messages_sent: 0, messages_received: 0, messages_failed: 0, opt_outs: 0 };

function messageScope(actor: SessionUser, query: Pick<ReportQuery, "from" | "to" | "tz" | "department_id">): Prisma.Sql {
  const parts = [
    Prisma.sql`m.created_at >= (${query.from}::date::timestamp AT TIME ZONE ${query.tz})`,
    Prisma.sql`m.created_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${query.tz})`,
    ...conversationScopeSql(actor, "c"),
  ];
  if (query.department_id) parts.push(Prisma.sql`c.department_id = ${query.department_id}`);
  return Prisma.join(parts, " AND ");
}

/** Per day of the range ("YYYY-MM-DD" on the caller's clock). */
export async function dailyMessageFigures(actor: SessionUser, query: ReportQuery): Promise<Map<string, MessageFigures>> {
  const rows = await runSql().rows<MessageFigures & { day: string }>(Prisma.sql`
    SELECT to_char(m.created_at AT TIME ZONE ${query.tz}, 'YYYY-MM-DD') AS day, ${FIGURES}
    FROM messages m JOIN conversations c ON c.id = m.conversation_id
    WHERE ${messageScope(actor, query)} GROUP BY 1`);
  return new Map(rows.map(({ day, ...figures }) => [day, figures]));
}

/** Per sending user: what each agent sent and what of it failed. */
export async function agentMessageFigures(actor: SessionUser, query: ReportQuery): Promise<Map<number, { messages_sent: number; messages_failed: number }>> {
  const rows = await runSql().rows<MessageFigures & { user_id: number }>(Prisma.sql`
    SELECT m.user_id, ${FIGURES}
    FROM messages m JOIN conversations c ON c.id = m.conversation_id
    WHERE ${messageScope(actor, query)} AND m.user_id IS NOT NULL GROUP BY 1`);
  return new Map(rows.map((r) => [r.user_id, { messages_sent: r.messages_sent, messages_failed: r.messages_failed }]));
}

/** Per channel (issue 48): every channel listed, with the conversations that had messages in the range. */
export async function channelMessageFigures(actor: SessionUser, query: ReportQuery): Promise<(MessageFigures & { channel: MessageChannel; conversations: number })[]> {
  const rows = await runSql().rows<MessageFigures & { channel: string; conversations: number }>(Prisma.sql`
    SELECT c.channel, ${FIGURES}, count(DISTINCT c.id)::int AS conversations
    FROM messages m JOIN conversations c ON c.id = m.conversation_id
    WHERE ${messageScope(actor, query)} GROUP BY 1`);
  return MESSAGE_CHANNELS.map((channel) => {
    const row = rows.find((r) => r.channel === channel);
    return { ...NO_MESSAGES, conversations: 0, ...row, channel };
  });
}
