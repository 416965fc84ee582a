import "server-only";
import { conversationScopeSql } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { AppError } from "@/lib/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { queueMessageMedia, storeMessageMedia } from "./store-message-media";

/** Shown in the page (pictures, voice notes, video); anything else is a download, and nothing is ever run as a page of ours. */
const INLINE = /^(image\/(png|jpeg|gif|webp)|audio\/[\w.+-]+|video\/(mp4|3gpp|webm))$/;

/**
 * A file someone sent with a message, served from what this service kept, to
 * whoever may read the conversation. One not fetched yet (a message from
 * before files were kept, a job still to run) is fetched now.
 */
export async function messageMediaFile({ actor, messageId, position }: { actor: SessionUser; messageId: bigint; position: number }): Promise<Response> {
  const [message] = await runSql(prisma).rows<{ id: bigint; organization_id: number; media: { content_type: string | null }[] }>(Prisma.sql`
    SELECT m.id, m.organization_id, m.media FROM messages m JOIN conversations c ON c.id = m.conversation_id
    WHERE ${Prisma.join([Prisma.sql`m.id = ${messageId}`, Prisma.sql`m.direction = 'inbound'`, ...conversationScopeSql(actor, "c")], " AND ")}`);
  if (!message || !message.media[position]) throw AppError.notFound();
  const key = { message_id_position: { message_id: message.id, position } };
  let file = await prisma.messageMedia.findUnique({ where: key });
  if (!file || file.status === "pending") {
    if (!file) await queueMessageMedia(message.organization_id, message.id, message.media);
    await storeMessageMedia({ organization_id: message.organization_id, message_id: String(message.id) });
    file = await prisma.messageMedia.findUnique({ where: key });
  }
  if (!file?.bytes || file.status !== "stored") throw AppError.upstream(`The file could not be fetched from the provider${file?.error ? `: ${file.error}` : "."}`);
  const type = file.content_type ?? "application/octet-stream";
  const inline = INLINE.test(type);
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": inline ? type : "application/octet-stream",
      "Content-Length": String(file.bytes.length),
      "Content-Disposition": inline ? "inline" : `attachment; filename="attachment-${message.id}-${position}"`,
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox",
    },
  });
}
