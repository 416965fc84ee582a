import "server-only";
import { prisma } from "@/lib/db/client";
import { forgetWaitingCalls } from "@/lib/queue/entries/waiting-calls-cache";
import { organizationNumber } from "./dial-party";
import { endConsult } from "./end-consult";
import { endLiveCall } from "./end-live-call";
import { keepEarlyCallback } from "./keep-early-callback";
import { LIVE_CALL_SELECT, recordCallEvent } from "./live-call";
import { participantLeft } from "./remove-participant";
import { requeueCaller } from "./requeue-caller";

/**
 * A dialed party's leg reached its final status (the provider's status
 * callback for the participant). One who joined has left (as the conference
 * also reports: whichever comes first counts). One who never joined failed:
 * a cold transfer's caller goes back to the queue of the target's
 * department rather than being left on hold; a warm transfer's agent is told
 * and is still with their caller; a third party simply never came.
 * Retried deliveries change nothing twice. One that comes before the dial's
 * answer named the leg is kept and applied when it does.
 */
export async function partyLegEnded({ organizationId, participantId, legSid }: { organizationId: number; participantId: bigint; legSid: string | null }): Promise<void> {
  const find = () =>
    prisma.callParticipant.findFirst({
      where: { id: participantId, organization_id: organizationId },
      select: { id: true, state: true, role: true, leg_sid: true, live_call: { select: LIVE_CALL_SELECT } },
    });
  let participant = await find();
  if (participant && !participant.leg_sid && legSid && participant.state === "dialing") {
    // The dial's answer has not named the leg yet: kept until it does (then applied), unless it did meanwhile.
    await keepEarlyCallback(organizationId, legSid, { source: "party", participantId });
    participant = await find();
  }
  if (!participant?.leg_sid) return;
  if (participant.state !== "dialing") {
    await prisma.$transaction((tx) => participantLeft(tx, { organizationId, where: { id: participant.id } }));
    return;
  }
  const number = participant.role === "transfer" ? await organizationNumber(organizationId) : "";
  const requeued = await prisma.$transaction(async (tx) => {
    const claimed = await tx.callParticipant.updateMany({ where: { id: participant.id, state: "dialing" }, data: { state: "failed", left_at: new Date() } });
    if (claimed.count === 0) return false;
    const call = participant.live_call;
    if (participant.role === "participant") {
      await participantLeft(tx, { organizationId, where: { id: participant.id } });
      await recordCallEvent(tx, call, { type: "participant_failed", actorUserId: null, data: { participant_id: Number(participant.id) } });
    }
    if (participant.role === "consult") {
      await endConsult(tx, { organizationId, where: { call_sid: participant.leg_sid! } });
      await recordCallEvent(tx, call, { type: "transfer_failed", actorUserId: null, data: { to_call_sid: participant.leg_sid } });
    }
    if (participant.role !== "transfer") return false;
    // The target's part never started: it ends unanswered (the agent back where they were), and the caller waits in the queue again.
    const target = await tx.liveCall.findFirst({ where: { organization_id: organizationId, call_sid: participant.leg_sid!, ended_at: null }, select: LIVE_CALL_SELECT });
    if (!target || target.answered_at) return false;
    await recordCallEvent(tx, target, { type: "transfer_failed", actorUserId: null, data: { to_call_sid: target.call_sid } });
    await endLiveCall(tx, target);
    await requeueCaller(tx, { from: target, departmentId: target.department_id, organizationNumber: number });
    return true;
  });
  if (requeued) forgetWaitingCalls(organizationId);
}
