import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { getConversation } from "./get-conversation";
import type { ThreadQuery } from "./schemas";
import { MESSAGE_COLUMNS, serializeMessage, type MessageRow } from "./serialize-message";
import { runSql } from "@/lib/db/run-sql";

/**
 * A conversation's thread, newest last, a page at a time going back in time
 * (`before` = the oldest id the reader has). Reading the newest page marks
 * the conversation read for the reader.
 */
export async function listMessages({ actor, id, query }: { actor: SessionUser; id: bigint; query: ThreadQuery }) {
  const conversation = await getConversation({ actor, id });
  const before = query.before === undefined ? Prisma.empty : Prisma.sql`AND m.id < ${BigInt(query.before)}`;
  const rows = await runSql(prisma).rows<MessageRow>(Prisma.sql`
    SELECT ${MESSAGE_COLUMNS} FROM messages m LEFT JOIN users mu ON mu.id = m.user_id
    WHERE m.conversation_id = ${id} ${before} ORDER BY m.id DESC LIMIT ${query.limit + 1}`);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit).reverse();
  if (query.before === undefined && page.length) {
    const newest = page[page.length - 1].id;
    await runSql(prisma).count`
      INSERT INTO conversation_reads (conversation_id, user_id, last_read_message_id) VALUES (${id}, ${actor.id}, ${newest})
      ON CONFLICT (conversation_id, user_id) DO UPDATE SET last_read_message_id = GREATEST(conversation_reads.last_read_message_id, EXCLUDED.last_read_message_id)`;
    conversation.unread_count = 0;
  }
  return {
    conversation,
    data: page.map(serializeMessage),
    meta: { limit: query.limit, has_more: hasMore, next_before: hasMore ? Number(page[0].id) : null },
  };
}
