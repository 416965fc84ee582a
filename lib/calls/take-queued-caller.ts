import "server-only";
import { prisma } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { telephony } from "@/lib/telephony/port";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import { conferenceStatusPath, LIVE_CALL_SELECT, recordCallEvent } from "./live-call";

/**
 * The agent who accepted a transferred caller's queue entry connects: their
 * leg joins the caller's conference (not a provider queue: the caller never
 * left their conference), the part is answered, the caller comes off hold.
 * Null: the caller is gone meanwhile.
 */
export async function takeQueuedCaller({
  organizationId,
  liveCallId,
  queueEntryId,
  agentId,
  departmentId,
  agentLegSid,
}: {
  organizationId: number;
  liveCallId: bigint;
  queueEntryId: bigint;
  agentId: number;
  departmentId: number | null;
  agentLegSid: string | null;
}): Promise<VoiceAnswer | null> {
  const now = new Date();
  const part = await prisma.$transaction(async (tx) => {
    const { count } = await tx.queueEntry.updateMany({ where: { id: queueEntryId, organization_id: organizationId, status: "accepted", accepted_by_user_id: agentId }, data: { connected_at: now } });
    if (!count) return null;
    const [taken] = await tx.liveCall.updateManyAndReturn({
      where: { id: liveCallId, organization_id: organizationId, state: "queued", ended_at: null },
      data: { state: "answered", answered_at: now, user_id: agentId, department_id: departmentId, agent_leg_sid: agentLegSid, updated_at: now },
      select: LIVE_CALL_SELECT,
    });
    if (taken) await recordCallEvent(tx, taken, { type: "answered", actorUserId: agentId, data: { from_queue: true } });
    return taken ?? null;
  });
  if (!part?.conference_name) return null;
  if (part.customer_leg_sid) {
    const conferenceSid =
      part.conference_sid ??
      (await telephony()
        .conferenceSidNamed(organizationId, part.conference_name)
        .catch(() => null));
    if (conferenceSid)
      await telephony()
        .holdLeg(organizationId, conferenceSid, part.customer_leg_sid, false)
        .catch((error) => logger.warn("the caller could not be taken off hold", { call_sid: part.call_sid, error: (error as Error).message }));
  }
  return { kind: "join-conference", conference: part.conference_name, startsConference: true, endsConference: false, statusPath: conferenceStatusPath(part.conference_name) };
}
