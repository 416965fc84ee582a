import "server-only";
import { prisma } from "@/lib/db/client";

/** A recording address the pages may play: the provider's (https) or the simulator's own path. */
export function playableRecordingUrl(url: string | null | undefined): url is string {
  return Boolean(url && (/^https:\/\//.test(url) || /^\/api\/dev\/recordings\/CA[0-9A-Za-z]{32}$/.test(url)));
}

export interface CallRecording {
  /** The provider's recording sid (RE…); null in a report that does not name it. */
  sid: string | null;
  url: string;
  /** Seconds; null when not reported. */
  duration: number | null;
}

/**
 * The provider has the recording of a call: it lands on the call's log (the
 * one its report names; a queue call's recording made before issue 40 names
 * its queue entry, whose CallSid is the log's). The report can come before
 * the call's end writes the log: the live call keeps it, and endCall carries
 * it into the log. The live call is written first: a call ending meanwhile
 * holds that row until its log is committed, so the log's update below then
 * finds it. The first recording stays; a retry changes nothing.
 */
export async function attachRecording({
  organizationId,
  callSid,
  queueEntryId,
  recording,
}: {
  organizationId: number;
  callSid: string | null;
  queueEntryId: bigint | null;
  recording: CallRecording;
}): Promise<void> {
  if (!playableRecordingUrl(recording.url)) return;
  const entry = queueEntryId ? await prisma.queueEntry.findFirst({ where: { id: queueEntryId, organization_id: organizationId }, select: { call_sid: true } }) : null;
  const logged = entry?.call_sid ?? (queueEntryId ? null : callSid);
  if (!logged) return;
  const data = { recording_url: recording.url, recording_duration: recording.duration, ...(recording.sid && { recording_sid: recording.sid }) };
  await prisma.liveCall.updateMany({ where: { call_sid: logged, organization_id: organizationId, recording_url: null }, data });
  await prisma.callLog.updateMany({ where: { call_sid: logged, organization_id: organizationId, recording_url: null }, data });
}
