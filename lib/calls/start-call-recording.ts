import "server-only";
import { prisma } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { telephony } from "@/lib/telephony/port";
import { recordingStatusPath } from "./live-call";

/**
 * A recorded call was answered: its one recording starts, once, on the
 * customer's leg (the leg that lasts from answer to end, through hold,
 * transfers and supervisors, each of which moves legs into the call's
 * conference). Callers start it only on the transition that answers the call
 * (a retried callback does not answer it again), so no call is recorded twice.
 * The report names the call's log (`callSid`), whichever leg is recorded: a
 * manual call's log is the agent's leg, its customer the dialed leg. The
 * provider refusing is logged: the call goes on, unrecorded.
 */
export async function startCallRecording({ organizationId, callSid, customerLegSid }: { organizationId: number; callSid: string; customerLegSid: string }): Promise<void> {
  try {
    const recordingSid = await telephony().recordLeg(organizationId, customerLegSid, recordingStatusPath(callSid));
    // Kept on the live call from now on: its log names the recording even before the provider's report comes.
    if (recordingSid) await prisma.liveCall.updateMany({ where: { organization_id: organizationId, call_sid: callSid, recording_sid: null }, data: { recording_sid: recordingSid } });
  } catch (error) {
    logger.warn("the call's recording could not be started", { organization_id: organizationId, call_sid: callSid, error: (error as Error).message });
  }
}
