import "server-only";
import type { Tx } from "@/lib/db/client";
import type { LiveCallRow } from "./find-live-call";
import { LIVE_CALL_SELECT, recordCallEvent } from "./live-call";

export interface CallPart {
  /** The new part's identity: the leg that rings its target (a transfer), or a new id (a caller waiting in the queue again). */
  callSid: string;
  userId: number | null;
  departmentId: number | null;
  /** ringing: a cold transfer's target rings, the caller holds; consult: a warm transfer's target talks to the agent; queued: back in a queue; answered: the simulator's target picked up at once. */
  state: "ringing" | "consult" | "queued" | "answered";
  agentLegSid: string | null;
  /** Where a target agent was before the transfer took them (a consultation canceled gives it back). */
  statusBefore?: string | null;
}

/**
 * A caller's call goes on with someone else (decision 015): a transfer's
 * target, or the queue. The new part is a live call of its own, linked to
 * the part it came from (`parent_call_sid`: its log keeps the link), with the
 * same caller, contact and conference. A consultation joins the conference's
 * story only when the transfer completes.
 */
export async function startCallPart(tx: Tx, from: LiveCallRow, part: CallPart) {
  const now = new Date();
  const conferenced = part.state !== "consult";
  const call = await tx.liveCall.create({
    data: {
      organization_id: from.organization_id,
      call_sid: part.callSid,
      parent_call_sid: from.call_sid,
      direction: from.direction,
      user_id: part.userId,
      department_id: part.departmentId,
      contact_id: from.contact_id,
      number: from.number,
      state: part.state,
      customer_leg_sid: from.customer_leg_sid,
      agent_leg_sid: part.agentLegSid,
      status_before: part.statusBefore ?? null,
      conference_name: conferenced ? from.conference_name : null,
      conference_sid: conferenced ? from.conference_sid : null,
      answered_at: part.state === "answered" ? now : null,
      // A cold transfer's caller hears the hold music while the target rings (held as they join, if they are still moving).
      held_since: part.state === "ringing" ? now : null,
    },
    select: LIVE_CALL_SELECT,
  });
  await recordCallEvent(tx, call, { type: part.state === "answered" ? "answered" : "started", actorUserId: part.userId, data: { parent_call_sid: from.call_sid, direction: from.direction } });
  return call;
}
