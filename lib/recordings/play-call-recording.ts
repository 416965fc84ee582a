import "server-only";
import { recordingScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { getSettings } from "@/lib/settings/get-settings";
import { recordingAudio, startsAPlay } from "./recording-audio";

/** May this user play recordings of calls at all (the pages show a player only then)? */
export async function mayPlayCallRecordings(actor: SessionUser): Promise<boolean> {
  return recordingScope(actor, (await getSettings(actor.organization_id, "calls")).agents_play_own_recordings) !== null;
}

/**
 * GET /api/calls/{call_sid}/recording: the call's recording for someone
 * allowed to hear it (admins, the department's managers, the agent of the
 * call when the organization allows it), streamed through this service.
 * Every play and download is in the audit log.
 */
export async function playCallRecording({ actor, callSid, range, download }: { actor: SessionUser; callSid: string; range: string | null; download: boolean }): Promise<Response> {
  const scope = recordingScope(actor, (await getSettings(actor.organization_id, "calls")).agents_play_own_recordings);
  if (!scope) throw new AppError("forbidden", "Your organization does not let agents play recordings.");
  const call = await prisma.callLog.findFirst({
    where: { call_sid: callSid, ...scope, recording_url: { not: null } },
    select: { id: true, department_id: true, recording_url: true, recording_sid: true, recording_duration: true, duration: true },
  });
  if (!call) throw AppError.notFound();
  const audio = await recordingAudio({
    organizationId: actor.organization_id,
    recording: { callSid, url: call.recording_url, sid: call.recording_sid, seconds: call.recording_duration ?? call.duration },
    range,
    download,
  });
  if (startsAPlay(range)) {
    await writeAuditLog(prisma, {
      organization_id: actor.organization_id,
      department_id: call.department_id,
      user_id: actor.id,
      action: download ? "recording.downloaded" : "recording.played",
      subject_type: "call_log",
      subject_id: call.id,
      details: { call_sid: callSid },
    });
  }
  return audio;
}
