import "server-only";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { telephony } from "@/lib/telephony/port";
import type { LiveCallRow } from "./find-live-call";
import { recordCallEvent } from "./live-call";

/** Who moved a recording: a person (agent or supervisor), or a card payment starting and ending. */
export type RecordingMover = { userId: number | null; reason: "agent" | "payment" };

/**
 * The one owner of a call's recording state. The state moves first with a
 * conditional update (two requests move it once), then the provider is asked;
 * if it refuses, the state goes back and the error stands (502). Each pause is
 * kept with its times and why it was made, and the call's event tells the
 * panel.
 */
export async function moveRecording(call: LiveCallRow, state: "paused" | "recording", by: RecordingMover): Promise<LiveCallRow> {
  const now = new Date();
  const claimed = await prisma.liveCall.updateMany({ where: { id: call.id, recording_state: call.recording_state, ended_at: null }, data: { recording_state: state, updated_at: now } });
  if (claimed.count === 0) throw AppError.conflict("The call changed meanwhile; look again.");
  try {
    if (call.recording_sid && call.customer_leg_sid) await telephony().pauseRecording(call.organization_id, call.customer_leg_sid, call.recording_sid, state === "paused");
  } catch (error) {
    await prisma.liveCall.updateMany({ where: { id: call.id }, data: { recording_state: call.recording_state } });
    throw error;
  }
  const updated = { ...call, recording_state: state };
  await prisma.$transaction(async (tx) => {
    if (state === "paused")
      await tx.recordingPause.create({ data: { organization_id: call.organization_id, call_sid: call.call_sid, paused_at: now, paused_by_user_id: by.userId, reason: by.reason } });
    else await tx.recordingPause.updateMany({ where: { organization_id: call.organization_id, call_sid: call.call_sid, resumed_at: null }, data: { resumed_at: now, resumed_by_user_id: by.userId } });
    await recordCallEvent(tx, updated, { type: state === "paused" ? "recording_paused" : "recording_resumed", actorUserId: by.userId, data: { reason: by.reason } });
  });
  return updated;
}
