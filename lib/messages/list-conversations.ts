import "server-only";
import { conversationScopeSql } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { pageOf, skipTake } from "@/lib/http/pagination";
import type { ListConversationsQuery } from "./schemas";
import { CONVERSATION_COLUMNS, conversationJoins, serializeConversation, type ConversationRow } from "./serialize-conversation";
import { runSql } from "@/lib/db/run-sql";

/** The conversations the caller may read, most recent activity first, with filters. */
export async function listConversations({ actor, query }: { actor: SessionUser; query: ListConversationsQuery }) {
  const conditions = conversationScopeSql(actor, "c");
  if (query.status) conditions.push(Prisma.sql`c.status = ${query.status}`);
  if (query.channel) conditions.push(Prisma.sql`c.channel = ${query.channel}`);
  if (query.assigned === "me") conditions.push(Prisma.sql`c.assigned_user_id = ${actor.id}`);
  else if (query.assigned === "unassigned") conditions.push(Prisma.sql`c.assigned_user_id IS NULL`);
  else if (typeof query.assigned === "number") conditions.push(Prisma.sql`c.assigned_user_id = ${query.assigned}`);
  const q = query.q?.trim();
  const searching = Boolean(q);
  if (q) {
    const digits = q.replace(/\D/g, "");
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(Prisma.sql`(ct.name ILIKE ${like} OR ${digits.length >= 3 ? Prisma.sql`c.phone LIKE ${`%${digits}%`}` : Prisma.sql`false`}
      OR EXISTS (SELECT 1 FROM messages sm WHERE sm.conversation_id = c.id AND sm.body ILIKE ${like}))`);
  }
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const { skip, take } = skipTake(query);
  const countJoin = searching ? Prisma.sql`LEFT JOIN contacts ct ON ct.organization_id = c.organization_id AND ct.phone = c.phone` : Prisma.empty;
  const [rows, [{ total }]] = await Promise.all([
    runSql(prisma).rows<ConversationRow>(Prisma.sql`
      SELECT ${CONVERSATION_COLUMNS} FROM conversations c ${conversationJoins(actor.id)}
      ${where} ORDER BY c.last_message_at DESC, c.id DESC LIMIT ${take} OFFSET ${skip}`),
    runSql(prisma).rows<{ total: number }>(Prisma.sql`SELECT count(*)::int AS total FROM conversations c ${countJoin} ${where}`),
  ]);
  return pageOf(rows.map(serializeConversation), total, query);
}
