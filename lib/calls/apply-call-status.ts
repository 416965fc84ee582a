import "server-only";
import type { CallLogStatus } from "@/lib/telephony/call-status";
import { callerHungUp } from "./caller-hung-up";
import { conferencedCall } from "./move-call-to-conference";
import { prisma } from "@/lib/db/client";
import { abandonWaitingCall } from "./abandon-waiting-call";
import { finishQueueEntry } from "./finish-queue-entry";

/**
 * A call's final status. For a caller still in the queue it means they hung
 * up while waiting (abandoned). For a logged call it can only add (a longer
 * duration): statuses never move backwards, retries change nothing.
 */
export async function applyCallStatus({ organizationId, callSid, duration }: { organizationId: number; callSid: string; status: CallLogStatus; duration: number }): Promise<void> {
  // The most common final status: a caller who gave up while waiting, in one statement. Such a call was
  // never accepted, so never handed over nor moved into a conference: nothing below could apply to it.
  // The same round trip says what else the call is (an answered call's status, after its dequeue, ends here with one more at most).
  const found = await abandonWaitingCall({ organizationId, callSid, logStatus: "no-answer" });
  if (found.abandoned) return;
  // A caller whose call was handed over (transferred, back in a queue): the part they are on ends.
  if (found.handedOver && (await callerHungUp({ organizationId, customerLegSid: callSid }))) return;
  if (found.entryStatus === "waiting" || found.entryStatus === "accepted") {
    // A caller moved into a conference (hold, transfer…) leaves no queue action behind: their hang-up ends the conversation.
    const conferenced = await conferencedCall(organizationId, callSid);
    await finishQueueEntry({ organizationId, callSid, end: conferenced ? "answered" : "hung-up" });
    return;
  }
  if (duration > 0) {
    await prisma.callLog.updateMany({ where: { call_sid: callSid, organization_id: organizationId, duration: { lt: duration } }, data: { duration } });
  }
}
