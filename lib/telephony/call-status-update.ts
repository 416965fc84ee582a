import "server-only";
import { finalCallStatus } from "@/lib/calls/call-status";
import { prisma } from "@/lib/db/client";
import { finishQueueEntry } from "@/lib/queue/finish-queue-entry";
import type { CallbackContext } from "./provider-route";
import { emptyTwiml } from "./twiml";

/**
 * A call status update. A final status for a caller still in the queue means
 * they hung up while waiting (abandoned). For a logged call it can only add
 * (a longer duration): statuses never move backwards, retries change nothing.
 */
export async function applyCallStatus({ params, organizationId }: CallbackContext): Promise<string> {
  const status = finalCallStatus(params.CallStatus);
  const callSid = params.CallSid;
  if (!status || !callSid) return emptyTwiml();
  const entry = await prisma.queueEntry.findFirst({ where: { call_sid: callSid, organization_id: organizationId }, select: { status: true } });
  if (entry && (entry.status === "waiting" || entry.status === "accepted")) {
    await finishQueueEntry({ organizationId, callSid, result: "hangup" });
    return emptyTwiml();
  }
  const duration = Math.round(Number(params.CallDuration ?? 0));
  if (Number.isFinite(duration) && duration > 0) {
    await prisma.callLog.updateMany({ where: { call_sid: callSid, organization_id: organizationId, duration: { lt: duration } }, data: { duration } });
  }
  return emptyTwiml();
}
