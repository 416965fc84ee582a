import "server-only";
import { prisma } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { telephony } from "@/lib/telephony/port";
import type { ConferenceEvent } from "@/lib/telephony/call-events";
import { activeCallInConference, type LiveCallRow } from "./find-live-call";
import { keepEarlyCallback } from "./keep-early-callback";
import { conferenceNameFor, recordCallEvent } from "./live-call";
import { participantLeft } from "./remove-participant";

/**
 * What a call's conference reports, applied to the part of the call it
 * serves now (after a transfer, the target's). A leg joined: the
 * conference's id is kept, a caller who should be on hold is held, a dialed
 * party has joined, a transfer's target who joined now has the caller (off
 * hold). A leg left: a party has left; the last agent leaving ends the call
 * (the caller is not left alone with silence). Retried deliveries change
 * nothing twice. A leg we do not know yet (a dial whose answer has not come)
 * is kept until the answer names it (keepEarlyCallback).
 */
export async function applyConferenceEvent({ organizationId, event }: { organizationId: number; event: ConferenceEvent }): Promise<void> {
  const name = conferenceNameFor(event.liveCallId);
  let call = await activeCallInConference(organizationId, name);
  if (!call) return;
  if (!call.conference_sid)
    await prisma.liveCall.updateMany({ where: { organization_id: organizationId, conference_name: name, conference_sid: null }, data: { conference_sid: event.conferenceSid } });
  if (!event.legSid) return;
  if (!(await knownLeg(call, event.legSid))) {
    await keepEarlyCallback(organizationId, event.legSid, { source: "conference", liveCallId: event.liveCallId, change: event.change, conferenceSid: event.conferenceSid });
    // The dial's answer may have been recorded meanwhile (then its replay may find this too: applying twice changes nothing).
    call = await activeCallInConference(organizationId, name);
    if (!call || !(await knownLeg(call, event.legSid))) return;
  }
  await applyToCall(call, organizationId, event as ConferenceEvent & { legSid: string });
}

/** A leg of the call (its caller's, its agent's) or of a party dialed into it, once the dial's answer is recorded. */
async function knownLeg(call: LiveCallRow, legSid: string): Promise<boolean> {
  if (legSid === call.customer_leg_sid || legSid === call.agent_leg_sid) return true;
  return (await prisma.callParticipant.count({ where: { organization_id: call.organization_id, leg_sid: legSid } })) > 0;
}

async function applyToCall(call: LiveCallRow, organizationId: number, event: ConferenceEvent & { legSid: string }): Promise<void> {
  const warn = (what: string) => (error: unknown) => logger.warn(what, { call_sid: call.call_sid, error: (error as Error).message });
  if (event.change === "joined") {
    // An agent's leg in the conference may be coached (a whisper waits for it): the part it serves, or a consultation's.
    await prisma.liveCall.updateMany({ where: { organization_id: organizationId, agent_leg_sid: event.legSid, ended_at: null, agent_joined_at: null }, data: { agent_joined_at: new Date() } });
    // The provider refusing is logged, not answered to the provider (its callback cannot fix it; the agent can resume and hold again).
    if (event.legSid === call.customer_leg_sid && (call.held_since !== null || call.state === "queued")) {
      await telephony().holdLeg(organizationId, event.conferenceSid, event.legSid, true).catch(warn("caller could not be held as they joined"));
    }
    await prisma.callParticipant.updateMany({ where: { organization_id: organizationId, leg_sid: event.legSid, state: "dialing" }, data: { state: "joined", joined_at: new Date() } });
    if (event.legSid === call.agent_leg_sid && call.state === "ringing" && call.parent_call_sid) await targetAnswered(call, event.conferenceSid);
    return;
  }
  if (event.change !== "left") return;
  // The caller's leg is gone: it is not hung up again when the agent leaves after it (the provider refuses: 21220).
  if (event.legSid === call.customer_leg_sid) {
    await prisma.liveCall.updateMany({ where: { organization_id: organizationId, customer_leg_sid: event.legSid, ended_at: null, customer_left_at: null }, data: { customer_left_at: new Date() } });
  }
  const left = await prisma.$transaction(async (tx) => {
    const participant = await participantLeft(tx, { organizationId, where: { leg_sid: event.legSid! } });
    if (participant)
      await recordCallEvent(tx, call, { type: "participant_left", actorUserId: participant.user_id, data: { participant_id: Number(participant.id), kind: participant.kind, role: participant.role } });
    return participant;
  });
  const agentLeft = event.legSid === call.agent_leg_sid;
  if (!agentLeft && !left) return;
  // The caller stays only while someone who can talk to them is still there.
  const others = await prisma.callParticipant.count({ where: { live_call_id: call.id, left_at: null, role: { not: "monitor" }, state: { not: "failed" } } });
  const agentStillOn = !agentLeft && call.agent_leg_sid !== null;
  if (others === 0 && !agentStillOn && call.customer_leg_sid && call.state !== "queued" && !(await callerGone(call))) {
    await telephony().hangUpLeg(organizationId, call.customer_leg_sid).catch(warn("caller left alone could not be hung up"));
  }
}

/** The conference reported the caller's leg leaving: only legs still up are ended. */
async function callerGone(call: LiveCallRow): Promise<boolean> {
  const found = await prisma.liveCall.findUnique({ where: { id: call.id }, select: { customer_left_at: true } });
  return found?.customer_left_at != null;
}

/** A cold transfer's target picked up: their part of the call is answered, and the caller comes off hold to them. */
async function targetAnswered(call: LiveCallRow, conferenceSid: string): Promise<void> {
  const now = new Date();
  const heldFor = call.held_since ? Math.max(0, Math.round((now.getTime() - call.held_since.getTime()) / 1000)) : 0;
  const answered = await prisma.$transaction(async (tx) => {
    const { count } = await tx.liveCall.updateMany({
      where: { id: call.id, state: "ringing", ended_at: null },
      data: { state: "answered", answered_at: now, held_since: null, hold_seconds: { increment: heldFor }, updated_at: now },
    });
    if (count) await recordCallEvent(tx, { ...call, state: "answered" }, { type: "answered", actorUserId: call.user_id, data: { held_seconds: heldFor } });
    return count > 0;
  });
  if (answered && call.customer_leg_sid) {
    await telephony()
      .holdLeg(call.organization_id, conferenceSid, call.customer_leg_sid, false)
      .catch((error) => logger.warn("the caller could not be taken off hold", { call_sid: call.call_sid, error: (error as Error).message }));
  }
}
