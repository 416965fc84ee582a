import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/logger";
import { telephony } from "@/lib/telephony/port";
import { endConsult } from "./end-consult";
import { findLiveCall } from "./find-live-call";
import { holdCall } from "./hold-call";
import { recordCallEvent } from "./live-call";
import { openConsultation } from "./open-consultation";

/**
 * A warm transfer is called off: the target's leg ends (a target agent goes
 * back to where they were) and the agent is back with the caller, off hold.
 */
export async function cancelTransfer({ actor, callSid }: { actor: SessionUser; callSid: string }) {
  const call = await findLiveCall(actor, callSid);
  const consult = await openConsultation(call);
  await prisma.$transaction(async (tx) => {
    const claimed = await tx.callParticipant.updateMany({ where: { id: consult.id, left_at: null }, data: { state: "left", left_at: new Date() } });
    if (claimed.count === 0) throw AppError.conflict("This transfer was completed or canceled meanwhile.");
    await endConsult(tx, { organizationId: call.organization_id, where: { call_sid: consult.leg_sid! } });
    await recordCallEvent(tx, call, { type: "transfer_canceled", actorUserId: actor.id, data: { to_call_sid: consult.leg_sid } });
  });
  await telephony()
    .hangUpLeg(call.organization_id, consult.leg_sid!)
    .catch((error) => logger.warn("the consulted party's leg could not be ended", { call_sid: call.call_sid, error: (error as Error).message }));
  return holdCall({ actor, callSid, on: false });
}
