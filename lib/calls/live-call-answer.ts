import { z } from "zod";
import { id, timestamp } from "@/lib/http/answer-schemas";

// What the call controls answer (issue 22): serialize-live-call.ts and
// serialize-participant.ts return exactly this.

export const LIVE_CALL_STATES = ["ringing", "answered", "held", "consult", "queued", "ended"] as const;
export const LIVE_CALL_DIRECTIONS = ["inbound", "outbound-manual", "outbound-campaign"] as const;
export const PARTICIPANT_KINDS = ["agent", "number", "supervisor"] as const;
export const PARTICIPANT_ROLES = ["participant", "transfer", "monitor", "consult"] as const;
export const PARTICIPANT_STATES = ["dialing", "joined", "left", "failed"] as const;
export const MONITOR_MODES = ["listen", "whisper", "barge"] as const;

/** A call while it lasts: hold, resume, transfer and completing or cancelling one answer it. */
export const liveCallAnswer = z
  .object({
    call_sid: z.string(),
    parent_call_sid: z.string().nullable().meta({ description: "The call this part was transferred from" }),
    direction: z.enum(LIVE_CALL_DIRECTIONS),
    user_id: id.nullable().meta({ description: "The agent on the call" }),
    contact_id: id.nullable(),
    number: z.string().nullable().meta({ description: "The other party's number" }),
    state: z.enum(LIVE_CALL_STATES).meta({ description: "consult: a warm transfer's target talking to the agent; queued: transferred to a queue" }),
    on_hold: z.boolean(),
    started_at: timestamp,
    answered_at: timestamp.nullable(),
    held_since: timestamp.nullable(),
    hold_seconds: z.number().int().meta({ description: "Time on hold so far, the current hold included" }),
    in_conference: z.boolean().meta({ description: "The call was moved into a conference (the first hold, transfer or third party does it)" }),
    recording: z.enum(["recording", "paused"]).nullable().meta({ description: "The call's recording runs or is paused (POST /api/calls/{call_sid}/recording); null: the call is not recorded" }),
  })
  .meta({ id: "LiveCall" });

/** A party of a call beyond its agent and caller: a transfer target, a third party, a supervisor. */
export const participantAnswer = z
  .object({
    id,
    kind: z.enum(PARTICIPANT_KINDS),
    role: z.enum(PARTICIPANT_ROLES),
    user_id: id.nullable(),
    name: z.string().nullable().meta({ description: "The agent's or supervisor's name" }),
    number: z.string().nullable().meta({ description: "An outside party's number" }),
    monitor_mode: z.enum(MONITOR_MODES).nullable(),
    state: z.enum(PARTICIPANT_STATES),
    joined_at: timestamp.nullable(),
    left_at: timestamp.nullable(),
  })
  .meta({ id: "CallParticipant" });

export const participantListAnswer = z.object({ data: z.array(participantAnswer) });

/** POST /api/calls/{call_sid}/transfer: the call's part now, and where it went. */
export const transferAnswer = liveCallAnswer.extend({
  transfer: z.object({
    mode: z.enum(["cold", "warm"]),
    to: z.discriminatedUnion("type", [
      z.object({ type: z.literal("agent"), user_id: id, name: z.string() }),
      z.object({ type: z.literal("number"), number: z.string() }),
      z.object({ type: z.literal("queue"), department_id: id }),
    ]),
    participant_id: id.optional().meta({ description: "The dialed party (an agent or a number)" }),
    queue_entry_id: id.optional().meta({ description: "The caller's place in the queue (a transfer to a queue)" }),
  }),
});
