import "server-only";
import { prisma } from "@/lib/db/client";

/** A recording address the pages may play: the provider's (https) or the simulator's own path. */
export function playableRecordingUrl(url: string | null | undefined): url is string {
  return Boolean(url && (/^https:\/\//.test(url) || /^\/api\/dev\/recordings\/CA[0-9A-Za-z]{32}$/.test(url)));
}

/**
 * The provider has the recording of a call. A queue call's recording names
 * its queue entry (the agent's Dial records it; the entry's CallSid is the
 * call log's); other calls name their own CallSid. The first recording stays;
 * a retry changes nothing.
 */
export async function attachRecording({ organizationId, callSid, queueEntryId, recordingUrl }: { organizationId: number; callSid: string | null; queueEntryId: bigint | null; recordingUrl: string }): Promise<void> {
  if (!playableRecordingUrl(recordingUrl)) return;
  const entry = queueEntryId ? await prisma.queueEntry.findFirst({ where: { id: queueEntryId, organization_id: organizationId }, select: { call_sid: true } }) : null;
  const logged = entry?.call_sid ?? (queueEntryId ? null : callSid);
  if (logged) await prisma.callLog.updateMany({ where: { call_sid: logged, organization_id: organizationId, recording_url: null }, data: { recording_url: recordingUrl } });
}
