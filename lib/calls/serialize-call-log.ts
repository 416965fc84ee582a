import type { z } from "zod";
import { oneOf } from "@/lib/http/answer-schemas";
import { CALL_DIRECTIONS, type callLogAnswer } from "./call-log-answer";
import { callRecordingPath } from "@/lib/recordings/recording-paths";
import type { RecordingConsents } from "@/lib/recordings/recording-consent";
import type { RecordingPauses } from "./recording-pauses";

export const callLogSelect = {
  id: true,
  user_id: true,
  contact_id: true,
  campaign_id: true,
  direction: true,
  phone_number: true,
  call_sid: true,
  status: true,
  duration: true,
  wait_seconds: true,
  recording_url: true,
  recording_sid: true,
  recording_duration: true,
  legal_hold_at: true,
  recording_deleted_at: true,
  notes: true,
  hold_seconds: true,
  parent_call_sid: true,
  disposition_id: true,
  disposition: { select: { name: true, is_success: true } },
  created_at: true,
  user: { select: { name: true } },
  contact: { select: { name: true } },
} as const;

interface CallLogRow {
  id: bigint;
  user_id: number | null;
  contact_id: bigint | null;
  campaign_id: number | null;
  direction: string;
  phone_number: string;
  call_sid: string;
  status: string;
  duration: number;
  wait_seconds: number | null;
  recording_url: string | null;
  recording_sid: string | null;
  recording_duration: number | null;
  legal_hold_at: Date | null;
  recording_deleted_at: Date | null;
  notes: string | null;
  hold_seconds: number;
  parent_call_sid: string | null;
  disposition_id: number | null;
  disposition?: { name: string; is_success: boolean } | null;
  created_at: Date;
  user?: { name: string } | null;
  contact?: { name: string } | null;
}

/**
 * A call log as the API answers it. Its recording is offered as this
 * service's address (never the provider's), and only to a viewer who may
 * play it (`recordings`: play-call-recording.ts decides).
 */
export function serializeCallLog(call: CallLogRow, { recordings, pauses, consents }: { recordings: boolean; pauses?: RecordingPauses; consents?: RecordingConsents }): z.output<typeof callLogAnswer> {
  // Playable once the provider reported it ready (its address is kept); its sid alone says it is still being made.
  const recorded = recordings && Boolean(call.recording_url);
  return {
    id: Number(call.id),
    user_id: call.user_id,
    user_name: call.user?.name ?? null,
    contact_id: call.contact_id === null ? null : Number(call.contact_id),
    contact_name: call.contact?.name ?? null,
    campaign_id: call.campaign_id,
    direction: oneOf(CALL_DIRECTIONS, call.direction, "inbound"),
    phone_number: call.phone_number,
    call_sid: call.call_sid,
    status: call.status,
    duration: call.duration,
    wait_seconds: call.wait_seconds,
    recording_url: recorded ? callRecordingPath(call.call_sid) : null,
    recording_sid: recorded ? call.recording_sid : null,
    recording_duration: recorded ? call.recording_duration : null,
    recording_pauses: pauses?.get(call.call_sid) ?? [],
    recording_consent: consents?.get(call.call_sid) ?? null,
    recording_deleted_at: call.recording_deleted_at,
    legal_hold: call.legal_hold_at !== null,
    notes: call.notes,
    hold_seconds: call.hold_seconds,
    parent_call_sid: call.parent_call_sid,
    disposition_id: call.disposition_id,
    disposition: call.disposition && call.disposition_id !== null ? { id: call.disposition_id, name: call.disposition.name, is_success: call.disposition.is_success } : null,
    created_at: call.created_at,
  };
}
