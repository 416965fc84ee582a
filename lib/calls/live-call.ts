import "server-only";
import type { Tx } from "@/lib/db/client";
import { publishEventWith } from "@/lib/events/publish-event";
import { CALLBACK_PATHS } from "@/lib/telephony/callback-paths";

// A call while it lasts (decision 015): started by the queue, manual dialing
// or a campaign, acted on by hold, transfer, three-way calls and monitoring,
// ended by endCall. Each transition is its own function in lib/calls; this
// file holds what they share: the row's shape and the story they write.

export const LIVE_CALL_SELECT = {
  id: true,
  organization_id: true,
  call_sid: true,
  parent_call_sid: true,
  direction: true,
  user_id: true,
  department_id: true,
  contact_id: true,
  number: true,
  state: true,
  customer_leg_sid: true,
  agent_leg_sid: true,
  conference_name: true,
  conference_sid: true,
  started_at: true,
  answered_at: true,
  held_since: true,
  hold_seconds: true,
  recording_sid: true,
  recording_state: true,
} as const;

export type CallEventType =
  | "started"
  | "answered"
  | "held"
  | "resumed"
  | "transferred"
  | "transfer_completed"
  | "transfer_canceled"
  | "transfer_failed"
  | "participant_added"
  | "participant_left"
  | "participant_failed"
  | "monitor"
  | "recording_started"
  | "recording_paused"
  | "recording_resumed"
  | "payment_started"
  | "payment_updated"
  | "payment_ended"
  | "ended";

/** One line of the call's story, and the stream's word to whoever may read the call. */
export async function recordCallEvent(
  tx: Tx,
  call: { organization_id: number; department_id: number | null; user_id: number | null; call_sid: string; state: string },
  event: { type: CallEventType; actorUserId: number | null; data?: Record<string, unknown> },
): Promise<void> {
  await publishEventWith(
    {
      type: "call.updated",
      record: { organization_id: call.organization_id, department_id: call.department_id, user_id: call.user_id },
      data: { call_sid: call.call_sid, state: call.state, event: event.type, detail: event.data ?? {} },
    },
    tx,
    {
      sql: `INSERT INTO call_events (organization_id, call_sid, type, actor_user_id, data, created_at) VALUES ($1::int, $8::text, $9::text, $10::int, $11::jsonb, clock_timestamp())`,
      params: [call.call_sid, event.type, event.actorUserId, JSON.stringify(event.data ?? {})],
    },
  );
}

/** The conference a call's legs move into when it needs one (named after the live call, unique per call). */
export function conferenceNameFor(liveCallId: bigint): string {
  return `call_${liveCallId}`;
}

/** Where the provider reports the conference's joins and leaves. */
export const CONFERENCE_STATUS_PATH = CALLBACK_PATHS.conference;

/** The status address of a conference, by its name: every part of the call (after a transfer too) reports to the same one. */
export function conferenceStatusPath(conferenceName: string): string {
  return `${CONFERENCE_STATUS_PATH}?call=${conferenceName.replace(/^call_/, "")}`;
}

/** Where the provider reports a card payment's steps (`payment`: our id of it). */
export function paymentStatusPath(paymentId: bigint): string {
  return `${CALLBACK_PATHS.payment}?payment=${paymentId}`;
}

/** Where the provider reports a call's recording (`call`: the call log it belongs to, whichever leg it records). */
export function recordingStatusPath(callSid: string): string {
  return `${CALLBACK_PATHS.recording}?call=${callSid}`;
}

/** Where a dialed party's leg reports its own status (a transfer target or third party who never answers). */
export function partyStatusPath(participantId: bigint): string {
  return `${CALLBACK_PATHS.participant}?p=${participantId}`;
}
