import "server-only";
import { prisma } from "@/lib/db/client";
import { forgetWaitingCalls } from "@/lib/queue/entries/waiting-calls-cache";
import { endLiveCall } from "./end-live-call";
import { LIVE_CALL_SELECT } from "./live-call";

/**
 * The caller's leg ended, after their call was handed over (a transfer, a
 * wait in the queue again): the part they were on ends, found by their leg.
 * A call never handed over ends the way it always has (its queue's or its
 * dial's own callbacks). True when such a part was found.
 */
export async function callerHungUp({ organizationId, customerLegSid }: { organizationId: number; customerLegSid: string }): Promise<boolean> {
  const parts = await prisma.liveCall.findMany({
    where: { organization_id: organizationId, customer_leg_sid: customerLegSid, ended_at: null, parent_call_sid: { not: null }, state: { not: "consult" } },
    select: LIVE_CALL_SELECT,
  });
  if (parts.length === 0) return false;
  const ended = await prisma.$transaction(async (tx) => {
    let queued = false;
    for (const part of parts) queued = (await endLiveCall(tx, part)).queueEntryId !== null || queued;
    return queued;
  });
  if (ended) forgetWaitingCalls(organizationId);
  return true;
}
