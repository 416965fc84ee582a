import "server-only";
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { telephony } from "@/lib/telephony/port";
import { findLiveCall } from "./find-live-call";
import { recordCallEvent } from "./live-call";
import { serializeLiveCall } from "./serialize-live-call";

export const callRecordingSchema = z.object({ state: z.enum(["paused", "recording"], { error: 'state must be "paused" or "recording".' }) });

/**
 * Pause the call's recording (a card number is about to be read out, PCI DSS)
 * or resume it. The state moves first with a conditional update (a double
 * click moves it once), then the provider is asked; if it refuses, the state
 * goes back and the agent is told (502). Each pause is kept with its times for
 * the call's details, and the panel hears of it through the call's events.
 */
export async function setCallRecording({ actor, callSid, state }: { actor: SessionUser; callSid: string; state: "paused" | "recording" }) {
  const call = await findLiveCall(actor, callSid);
  if (call.state !== "answered" && call.state !== "held" && call.state !== "consult") throw AppError.conflict("The call is not connected.");
  if (!call.recording_state) throw AppError.conflict("This call is not being recorded.");
  if (call.recording_state === state) return serializeLiveCall(call);
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
    if (state === "paused") await tx.recordingPause.create({ data: { organization_id: call.organization_id, call_sid: call.call_sid, paused_at: now, paused_by_user_id: actor.id } });
    else await tx.recordingPause.updateMany({ where: { organization_id: call.organization_id, call_sid: call.call_sid, resumed_at: null }, data: { resumed_at: now, resumed_by_user_id: actor.id } });
    await recordCallEvent(tx, updated, { type: state === "paused" ? "recording_paused" : "recording_resumed", actorUserId: actor.id });
  });
  return serializeLiveCall(updated);
}
