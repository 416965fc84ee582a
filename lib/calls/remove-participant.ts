import "server-only";
import { endAgentCall } from "@/lib/agents/end-agent-call";
import { liveCallScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { telephony } from "@/lib/telephony/port";
import { endConsult } from "./end-consult";
import { findLiveCall } from "./find-live-call";
import { recordCallEvent } from "./live-call";
import { PARTICIPANT_SELECT, serializeParticipant } from "./serialize-participant";

/**
 * The parties on a call now (a third party, a consulted target, a supervisor). A call that has
 * ended, of the agent's, has none: the call panel asks as events arrive, and one that left as the
 * agent hung up was answered 404, a console error after an ordinary call (issue 45). A call the
 * actor may not read, or never existed: 404.
 */
export async function listParticipants({ actor, callSid }: { actor: SessionUser; callSid: string }) {
  const call = await prisma.liveCall.findFirst({
    where: { call_sid: callSid, ...liveCallScope(actor) },
    select: { id: true, ended_at: true },
    orderBy: [{ ended_at: { sort: "desc", nulls: "first" } }, { id: "desc" }],
  });
  if (!call) throw AppError.notFound();
  if (call.ended_at) return { data: [] };
  const rows = await prisma.callParticipant.findMany({ where: { live_call_id: call.id, left_at: null, state: { not: "failed" } }, select: PARTICIPANT_SELECT, orderBy: { id: "asc" } });
  return { data: rows.map(serializeParticipant) };
}

/**
 * A party leaves the call: the provider ends their leg first (nothing of
 * ours changes if it refuses), then they are marked gone (an agent who
 * talked goes to wrap-up). Unknown or already gone: 404.
 */
export async function removeParticipant({ actor, callSid, participantId }: { actor: SessionUser; callSid: string; participantId: number }) {
  const call = await findLiveCall(actor, callSid);
  const participant = await prisma.callParticipant.findFirst({
    where: { id: BigInt(participantId), live_call_id: call.id, left_at: null, state: { not: "failed" } },
    select: { id: true, leg_sid: true },
  });
  if (!participant) throw AppError.notFound();
  if (participant.leg_sid) await telephony().hangUpLeg(call.organization_id, participant.leg_sid);
  const left = await prisma.$transaction(async (tx) => {
    const gone = await participantLeft(tx, { organizationId: call.organization_id, where: { id: participant.id } });
    if (gone) await recordCallEvent(tx, call, { type: "participant_left", actorUserId: actor.id, data: { participant_id: participantId, kind: gone.kind, role: gone.role } });
    return tx.callParticipant.findUniqueOrThrow({ where: { id: participant.id }, select: PARTICIPANT_SELECT });
  });
  return serializeParticipant(left);
}

/**
 * A party's leg is gone (removed, hung up, the conference reports it left):
 * once, whichever report comes first. A third party who is an agent goes to
 * wrap-up after talking; a consulted target's part closes.
 */
export async function participantLeft(tx: Tx, { organizationId, where }: { organizationId: number; where: { id: bigint } | { leg_sid: string } }) {
  const [gone] = await tx.callParticipant.updateManyAndReturn({
    where: { organization_id: organizationId, left_at: null, state: { not: "failed" }, ...where },
    data: { state: "left", left_at: new Date() },
    select: { id: true, kind: true, role: true, user_id: true, leg_sid: true, joined_at: true },
  });
  if (!gone) return null;
  if (gone.role === "participant" && gone.user_id && gone.leg_sid)
    await endAgentCall(tx, { userId: gone.user_id, organizationId, callSid: gone.leg_sid, talked: gone.joined_at !== null, before: "available" });
  if (gone.role === "consult" && gone.leg_sid) await endConsult(tx, { organizationId, where: { call_sid: gone.leg_sid } });
  return gone;
}
