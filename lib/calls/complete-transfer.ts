import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/logger";
import { telephony } from "@/lib/telephony/port";
import { endLiveCall } from "./end-live-call";
import { findLiveCall } from "./find-live-call";
import { LIVE_CALL_SELECT, recordCallEvent } from "./live-call";
import { openConsultation } from "./open-consultation";
import { serializeLiveCall } from "./serialize-live-call";
import { handOver } from "./transfer-call";

/**
 * A warm transfer completes: the agent leaves, the caller comes off hold and
 * talks to the target, whose part of the call (started when they were
 * dialed) is now the call's. The consultation is claimed with a conditional
 * update, so a double click or two servers complete it once.
 */
export async function completeTransfer({ actor, callSid }: { actor: SessionUser; callSid: string }) {
  const call = await findLiveCall(actor, callSid);
  const consult = await openConsultation(call);
  if (consult.state !== "joined") throw AppError.conflict("The transfer target has not answered yet.");
  const part = await prisma.$transaction(async (tx) => {
    const claimed = await tx.callParticipant.updateMany({ where: { id: consult.id, left_at: null }, data: { state: "handed_over", left_at: new Date() } });
    if (claimed.count === 0) throw AppError.conflict("This transfer was completed or canceled meanwhile.");
    const [target] = await tx.liveCall.updateManyAndReturn({
      where: { organization_id: call.organization_id, call_sid: consult.leg_sid!, state: "consult", ended_at: null },
      data: { state: "answered", answered_at: new Date(), conference_name: call.conference_name, conference_sid: call.conference_sid, updated_at: new Date() },
      select: LIVE_CALL_SELECT,
    });
    if (!target) throw AppError.conflict("The transfer target has left the call.");
    await recordCallEvent(tx, call, { type: "transfer_completed", actorUserId: actor.id, data: { to_call_sid: target.call_sid } });
    // The target's panel hears it too (the stream tells each call's own agent).
    await recordCallEvent(tx, target, { type: "answered", actorUserId: target.user_id, data: { transferred_by: actor.id } });
    await endLiveCall(tx, call);
    return target;
  });
  // The caller comes off hold to the target; the agent's leg leaves.
  if (call.customer_leg_sid && call.conference_name) {
    const conferenceSid =
      call.conference_sid ??
      (await telephony()
        .conferenceSidNamed(call.organization_id, call.conference_name)
        .catch(() => null));
    if (conferenceSid)
      await telephony()
        .holdLeg(call.organization_id, conferenceSid, call.customer_leg_sid, false)
        .catch((error) => logger.warn("the caller could not be taken off hold", { call_sid: call.call_sid, error: (error as Error).message }));
  }
  await handOver(call, { holdCaller: false });
  return serializeLiveCall(part);
}
