import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/client";
import { MESSAGE_COLUMNS, serializeMessage, type MessageRow } from "./serialize-message";
import { runSql } from "@/lib/db/run-sql";

/** One message of an organization as the API shows it. */
export async function loadMessage(organizationId: number, id: bigint) {
  const [row] = await runSql(prisma).rows<MessageRow>(Prisma.sql`
    SELECT ${MESSAGE_COLUMNS} FROM messages m LEFT JOIN users mu ON mu.id = m.user_id
    WHERE m.id = ${id} AND m.organization_id = ${organizationId}`);
  return row ? serializeMessage(row) : null;
}
