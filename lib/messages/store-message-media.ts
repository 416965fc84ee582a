import "server-only";
import { prisma } from "@/lib/db/client";
import { enqueueJob, QUEUES } from "@/lib/jobs/job-queue";
import { readAtMost } from "@/lib/http/read-body";
import { logger } from "@/lib/logger";
import { telephony } from "@/lib/telephony/port";
import { announceConversation } from "./announce-message";

/** The largest file kept (WhatsApp's own limit for documents is 100 MB, for media 16 MB: the inbox keeps media). */
export const MAX_MEDIA_BYTES = 16 * 1024 * 1024;

/** A message arrived with files: each is noted as pending and fetched in the background (the provider's callback is answered at once). */
export async function queueMessageMedia(organizationId: number, messageId: bigint | string, media: { content_type: string | null }[]): Promise<void> {
  if (media.length === 0) return;
  await prisma.messageMedia.createMany({
    data: media.map((m, position) => ({ organization_id: organizationId, message_id: BigInt(messageId), position, content_type: m.content_type?.slice(0, 100) ?? null })),
    skipDuplicates: true,
  });
  await enqueueJob(QUEUES.messageMedia, { organization_id: organizationId, message_id: String(messageId) });
}

/**
 * The job: each pending file of the message fetched from the provider with
 * the account's credentials and kept here, up to MAX_MEDIA_BYTES. One the
 * provider will not give, or too large, is marked failed with why (the thread
 * says so); nothing is fetched from an address that is not the provider's.
 */
export async function storeMessageMedia({ organization_id, message_id }: { organization_id: number; message_id: string }): Promise<void> {
  const message = await prisma.message.findFirst({ where: { id: BigInt(message_id), organization_id }, select: { media: true, conversation_id: true } });
  if (!message) return;
  const sources = message.media as { url: string; content_type: string | null }[];
  const pending = await prisma.messageMedia.findMany({ where: { organization_id, message_id: BigInt(message_id), status: "pending" }, select: { id: true, position: true } });
  for (const item of pending) {
    const outcome = await fetchMedia(organization_id, sources[item.position]?.url ?? "");
    await prisma.messageMedia.update({
      where: { id: item.id },
      data:
        "bytes" in outcome
          ? { status: "stored", bytes: outcome.bytes, size: outcome.bytes.length, ...(outcome.contentType && { content_type: outcome.contentType }) }
          : { status: "failed", error: outcome.error },
    });
    if ("error" in outcome) logger.warn("message media not stored", { organization_id, message_id, position: item.position, error: outcome.error });
  }
  // The thread showing "on its way" shows the file now.
  if (pending.length) await announceConversation(message.conversation_id);
}

/**
 * A fetch that failed on the way (the connection dropped, the provider
 * answered 5xx or 429) is tried again twice before the file is marked
 * failed: a single failed fetch under load lost a customer's picture for
 * good (issue 60, a gate that failed on it). A refusal (4xx) or a file too large
 * is final at once.
 */
const ATTEMPTS = 3;
const RETRY_AFTER_MS = 500;

async function fetchMedia(organizationId: number, url: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string | null } | { error: string }> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await fetchMediaOnce(organizationId, url);
    if (!("transient" in outcome) || attempt === ATTEMPTS) return outcome;
    await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS * attempt));
  }
}

async function fetchMediaOnce(organizationId: number, url: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string | null } | { error: string; transient?: true }> {
  let response: Response | null;
  try {
    response = await telephony().textMedia(organizationId, url);
  } catch (error) {
    return { error: `The provider could not be reached: ${(error as Error).message}`.slice(0, 200), transient: true };
  }
  if (!response) return { error: "Not the provider's media address of this account." };
  if (response.status >= 500 || response.status === 429) {
    // Its body is not wanted: let the connection go for the next try.
    await response.body?.cancel().catch(() => {});
    return { error: `The provider answered ${response.status}.`, transient: true };
  }
  if (!response.ok || !response.body) return { error: `The provider answered ${response.status}.` };
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > MAX_MEDIA_BYTES) return { error: `Larger than ${MAX_MEDIA_BYTES / 1024 / 1024} MB.` };
  let read: Buffer | null;
  try {
    read = await readAtMost(response.body, MAX_MEDIA_BYTES);
  } catch (error) {
    return { error: `The file stopped arriving: ${(error as Error).message}`.slice(0, 200), transient: true };
  }
  if (!read) return { error: `Larger than ${MAX_MEDIA_BYTES / 1024 / 1024} MB.` };
  const bytes = new Uint8Array(read);
  const type = response.headers.get("content-type")?.split(";")[0].trim() ?? null;
  return { bytes, contentType: type && /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : null };
}
