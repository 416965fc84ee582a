import "server-only";
import { conversationScopeSql } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors/app-error";
import { CONVERSATION_COLUMNS, conversationJoins, serializeConversation, type ConversationRow } from "./serialize-conversation";
import { runSql } from "@/lib/db/run-sql";

/** One conversation in the caller's reach, else 404 (another organization's, a colleague's). */
export async function getConversation({ actor, id }: { actor: SessionUser; id: bigint }) {
  const [row] = await runSql(prisma).rows<ConversationRow>(Prisma.sql`
    SELECT ${CONVERSATION_COLUMNS} FROM conversations c ${conversationJoins(actor.id)}
    WHERE ${Prisma.join([Prisma.sql`c.id = ${id}`, ...conversationScopeSql(actor, "c")], " AND ")}`);
  if (!row) throw AppError.notFound();
  return serializeConversation(row);
}
