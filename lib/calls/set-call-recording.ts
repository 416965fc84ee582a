import "server-only";
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { findLiveCall } from "./find-live-call";
import { moveRecording } from "./move-recording";
import { serializeLiveCall } from "./serialize-live-call";

export const callRecordingSchema = z.object({ state: z.enum(["paused", "recording"], { error: 'state must be "paused" or "recording".' }) });

/**
 * Pause the call's recording (a card number is about to be read out, PCI DSS)
 * or resume it, by hand. While a card payment runs the recording stays paused:
 * the payment's end resumes it (start-call-payment.ts).
 */
export async function setCallRecording({ actor, callSid, state }: { actor: SessionUser; callSid: string; state: "paused" | "recording" }) {
  const call = await findLiveCall(actor, callSid);
  if (call.state !== "answered" && call.state !== "held" && call.state !== "consult") throw AppError.conflict("The call is not connected.");
  if (!call.recording_state) throw AppError.conflict("This call is not being recorded.");
  if (call.recording_state === state) return serializeLiveCall(call);
  if (state === "recording" && (await prisma.callPayment.count({ where: { organization_id: call.organization_id, call_sid: call.call_sid, ended_at: null } })) > 0) {
    throw AppError.conflict("A card payment is being taken: the recording resumes by itself when it ends.");
  }
  return serializeLiveCall(await moveRecording(call, state, { userId: actor.id, reason: "agent" }));
}
