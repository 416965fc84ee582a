import "server-only";
import { playableRecordingUrl } from "@/lib/calls/attach-recording";
import { prisma } from "@/lib/db/client";
import { publishEvent } from "@/lib/events/publish-event";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import { CALLBACK_PATHS } from "@/lib/telephony/callback-paths";

export type VoicemailReason = "closed" | "menu" | "no_agents";

/** The caller is asked for a message for a queue (a department's, or the general one). */
export function voicemailAnswer({ prompt, departmentId, reason }: { prompt: string; departmentId: number | null; reason: VoicemailReason }): VoiceAnswer {
  const where = `reason=${reason}${departmentId === null ? "" : `&department=${departmentId}`}`;
  return { kind: "voicemail", prompt, path: `${CALLBACK_PATHS.voicemail}?${where}`, transcriptionPath: `${CALLBACK_PATHS.voicemailTranscription}?${where}` };
}

/**
 * The caller's message is recorded (the Record's action): kept once per call
 * (a retried delivery changes nothing), linked to the contact with that
 * number, and announced to those who serve its queue. A recording address
 * the pages could not play (not https, not the simulator's) is not kept.
 */
export async function leaveVoicemail(input: {
  organizationId: number;
  callSid: string;
  from: string;
  to: string;
  departmentId: number | null;
  reason: VoicemailReason;
  recordingUrl: string | null;
  durationSeconds: number;
}): Promise<VoiceAnswer> {
  if (!input.callSid) return { kind: "say-and-hang-up", message: "Goodbye." };
  if (input.recordingUrl && input.durationSeconds > 0) {
    const contact = await prisma.contact.findFirst({ where: { organization_id: input.organizationId, phone: input.from }, select: { id: true } });
    const department = input.departmentId === null ? null : await prisma.department.findFirst({ where: { id: input.departmentId, organization_id: input.organizationId }, select: { id: true } });
    const [created] = await prisma.voicemail.createManyAndReturn({
      data: {
        organization_id: input.organizationId,
        department_id: department?.id ?? null,
        call_sid: input.callSid,
        from_number: input.from,
        to_number: input.to,
        contact_id: contact?.id ?? null,
        reason: input.reason,
        recording_url: playableRecordingUrl(input.recordingUrl) ? input.recordingUrl : null,
        duration_seconds: input.durationSeconds,
      },
      skipDuplicates: true,
      select: { id: true, department_id: true },
    });
    if (created) {
      await publishEvent({
        type: "voicemail.created",
        record: { organization_id: input.organizationId, department_id: created.department_id },
        data: { id: Number(created.id), from: input.from, department_id: created.department_id },
      });
    }
  }
  return { kind: "say-and-hang-up", message: "Thank you. We will call you back. Goodbye." };
}

/** The provider's transcription of a message arrives (it may come after the message, or never). */
export async function transcribeVoicemail({ organizationId, callSid, transcription }: { organizationId: number; callSid: string; transcription: string | null }): Promise<void> {
  if (!transcription) return;
  await prisma.voicemail.updateMany({ where: { organization_id: organizationId, call_sid: callSid, transcription: null }, data: { transcription } });
}
