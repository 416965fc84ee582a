import { oneOf } from "@/lib/http/answer-schemas";
import type { LiveCallRow } from "./find-live-call";
import { LIVE_CALL_DIRECTIONS, LIVE_CALL_STATES } from "./live-call-answer";

/** A live call as the API shows it (the call-control answers: live-call-answer.ts). */
export function serializeLiveCall(
  call: Pick<
    LiveCallRow,
    "call_sid" | "parent_call_sid" | "direction" | "user_id" | "contact_id" | "number" | "state" | "started_at" | "answered_at" | "held_since" | "hold_seconds" | "conference_name" | "recording_state"
  >,
) {
  const now = Date.now();
  return {
    call_sid: call.call_sid,
    parent_call_sid: call.parent_call_sid,
    direction: oneOf(LIVE_CALL_DIRECTIONS, call.direction, "inbound"),
    user_id: call.user_id,
    contact_id: call.contact_id === null ? null : Number(call.contact_id),
    number: call.number,
    state: oneOf(LIVE_CALL_STATES, call.state, "answered"),
    on_hold: call.state === "held",
    started_at: call.started_at,
    answered_at: call.answered_at,
    held_since: call.held_since,
    hold_seconds: call.hold_seconds + (call.held_since ? Math.max(0, Math.round((now - call.held_since.getTime()) / 1000)) : 0),
    in_conference: call.conference_name !== null,
    recording: call.recording_state === "paused" ? ("paused" as const) : call.recording_state === "recording" ? ("recording" as const) : null,
  };
}
