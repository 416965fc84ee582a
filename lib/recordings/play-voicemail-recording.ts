import "server-only";
import { servesQueue } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { recordingAudio, startsAPlay } from "./recording-audio";

/**
 * GET /api/voicemails/{id}/recording: a voicemail is left for the queue, so
 * whoever serves that queue plays it (to call back), through this service;
 * every play and download is in the audit log.
 */
export async function playVoicemailRecording({ actor, id, range, download }: { actor: SessionUser; id: bigint; range: string | null; download: boolean }): Promise<Response> {
  const voicemail = await prisma.voicemail.findFirst({
    where: { id, organization_id: actor.organization_id, recording_url: { not: null } },
    select: { id: true, call_sid: true, department_id: true, recording_url: true, duration_seconds: true },
  });
  if (!voicemail || !servesQueue(actor, voicemail.department_id)) throw AppError.notFound();
  const audio = await recordingAudio({
    organizationId: actor.organization_id,
    recording: { callSid: voicemail.call_sid, url: voicemail.recording_url, sid: null, seconds: voicemail.duration_seconds },
    range,
    download,
  });
  if (startsAPlay(range)) {
    await writeAuditLog(prisma, {
      organization_id: actor.organization_id,
      department_id: voicemail.department_id,
      user_id: actor.id,
      action: download ? "recording.downloaded" : "recording.played",
      subject_type: "voicemail",
      subject_id: voicemail.id,
      details: { call_sid: voicemail.call_sid },
    });
  }
  return audio;
}
