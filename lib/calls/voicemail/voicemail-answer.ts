import { z } from "zod";
import { VOICEMAIL_REASONS } from "@/lib/telephony/voicemail-reasons";
import { id, named, timestamp } from "@/lib/http/answer-schemas";

// What the voicemail routes answer (GET /api/voicemails, claim, done): the
// serializer in voicemails.ts returns exactly this, and the OpenAPI document
// and the queue view's types are read off it.

/** Why the caller was sent to voicemail: outside opening hours, their menu choice, nobody on duty. */
/** new → claimed (an agent calls back) → done. */
export const VOICEMAIL_STATUSES = ["new", "claimed", "done"] as const;

export const voicemailAnswer = z.object({
  id,
  call_sid: z.string(),
  from: z.string(),
  department_id: z.number().int().nullable(),
  reason: z.enum(VOICEMAIL_REASONS),
  recording_url: z.string().nullable().meta({ description: "This service's address for the message (GET /api/voicemails/{id}/recording)" }),
  duration_seconds: z.number().int(),
  transcription: z.string().nullable(),
  status: z.enum(VOICEMAIL_STATUSES),
  claimed_by: named.nullable(),
  claimed_at: timestamp.nullable(),
  done_at: timestamp.nullable(),
  created_at: timestamp,
  contact: named.nullable(),
});

export const voicemailListAnswer = z.object({ data: z.array(voicemailAnswer) });
