import "server-only";
import { prisma } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { recordingDeclined } from "@/lib/recordings/recording-consent";
import { telephony } from "@/lib/telephony/port";
import { recordCallEvent, recordingStatusPath } from "./live-call";

/**
 * A recorded call was answered: its one recording starts, once, on the
 * customer's leg (the leg that lasts from answer to end, through hold,
 * transfers and supervisors, each of which moves legs into the call's
 * conference). Callers start it only on the transition that answers the call
 * (a retried callback does not answer it again), so no call is recorded twice.
 * The report names the call's log (`callSid`), whichever leg is recorded: a
 * manual call's log is the agent's leg, its customer the dialed leg. The
 * provider refusing is logged: the call goes on, unrecorded. A person who
 * declined the recording when the announcement offered it (issue 47) is
 * never recorded, whichever path answered the call: the one place that starts
 * a recording is the one place that asks.
 */
export async function startCallRecording({ organizationId, callSid, customerLegSid }: { organizationId: number; callSid: string; customerLegSid: string }): Promise<void> {
  try {
    if (await recordingDeclined(organizationId, callSid)) return;
    const recordingSid = await telephony().recordLeg(organizationId, customerLegSid, recordingStatusPath(callSid));
    // Kept on the live call from now on: its log names the recording even before the provider's report comes.
    // The simulator names no recording now (it reports its own at the call's end): the call is recorded all the same.
    await prisma.liveCall.updateMany({
      where: { organization_id: organizationId, call_sid: callSid, recording_sid: null },
      data: { recording_state: "recording", ...(recordingSid && { recording_sid: recordingSid }) },
    });
    // The agent's panel hears of it (and offers Pause recording) however the answer and this raced.
    const call = await prisma.liveCall.findFirst({
      where: { organization_id: organizationId, call_sid: callSid, ended_at: null },
      select: { organization_id: true, department_id: true, user_id: true, call_sid: true, state: true },
    });
    if (call) await recordCallEvent(prisma, call, { type: "recording_started", actorUserId: null });
  } catch (error) {
    logger.warn("the call's recording could not be started", { organization_id: organizationId, call_sid: callSid, error: (error as Error).message });
  }
}
