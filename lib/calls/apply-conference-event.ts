import "server-only";
import { prisma } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { hangUpLeg, holdLeg } from "@/lib/telephony/call-control";
import type { ConferenceEvent } from "@/lib/telephony/voice-callbacks";
import { LIVE_CALL_SELECT, recordCallEvent } from "./live-call";

/**
 * What a call's conference reports. A leg joined: the conference's id is
 * kept, the caller's leg is held if the call went on hold while it moved, an
 * added party has joined. A leg left: an added party has left; the last agent
 * leaving ends the call (the caller is not left alone with silence).
 * Retried deliveries change nothing twice.
 */
export async function applyConferenceEvent({ organizationId, event }: { organizationId: number; event: ConferenceEvent }): Promise<void> {
  const call = await prisma.liveCall.findFirst({ where: { id: event.liveCallId, organization_id: organizationId, ended_at: null }, select: LIVE_CALL_SELECT });
  if (!call) return;
  if (!call.conference_sid) await prisma.liveCall.updateMany({ where: { id: call.id, conference_sid: null }, data: { conference_sid: event.conferenceSid } });
  if (!event.legSid) return;
  if (event.event === "participant-join") {
    // The provider refusing is logged, not answered to the provider (its callback cannot fix it; the agent can resume and hold again).
    if (event.legSid === call.customer_leg_sid && call.state === "held") {
      await holdLeg(organizationId, event.conferenceSid, event.legSid, true).catch((error) => logger.warn("caller could not be held as they joined", { call_sid: call.call_sid, error: (error as Error).message }));
    }
    await prisma.callParticipant.updateMany({ where: { live_call_id: call.id, leg_sid: event.legSid, state: "dialing" }, data: { state: "joined", joined_at: new Date() } });
    return;
  }
  if (event.event !== "participant-leave") return;
  const left = await prisma.$transaction(async (tx) => {
    const [participant] = await tx.callParticipant.updateManyAndReturn({ where: { live_call_id: call.id, leg_sid: event.legSid, left_at: null }, data: { state: "left", left_at: new Date() }, select: { id: true, kind: true, user_id: true, number: true } });
    if (participant) await recordCallEvent(tx, call, { type: "participant_left", actorUserId: participant.user_id, data: { participant_id: Number(participant.id), kind: participant.kind } });
    return participant ?? null;
  });
  const agentLeft = event.legSid === call.agent_leg_sid;
  if (!agentLeft && !left) return;
  // The caller stays only while someone who can talk to them is still there.
  const others = await prisma.callParticipant.count({ where: { live_call_id: call.id, left_at: null, role: { not: "monitor" } } });
  // A transfer that handed the call over cleared the agent's leg.
  const agentStillOn = !agentLeft && call.agent_leg_sid !== null;
  if (others === 0 && !agentStillOn && call.customer_leg_sid) {
    await hangUpLeg(organizationId, call.customer_leg_sid).catch((error) => logger.warn("caller left alone could not be hung up", { call_sid: call.call_sid, error: (error as Error).message }));
  }
}
