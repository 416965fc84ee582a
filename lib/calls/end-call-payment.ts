import "server-only";
import { prisma } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { LIVE_CALL_SELECT, recordCallEvent } from "./live-call";
import { moveRecording } from "./move-recording";

export interface PaymentOutcome {
  status: "succeeded" | "failed" | "canceled";
  error?: string | null;
  confirmationCode?: string | null;
}

/**
 * A card payment ended (the processor answered, the agent canceled it, the
 * provider refused it): it is closed once (a conditional update: a late or
 * repeated report changes nothing), and the recording it paused runs again.
 * The payment's row, or null when it had already ended.
 */
export async function endCallPayment(organizationId: number, paymentId: bigint, outcome: PaymentOutcome) {
  const now = new Date();
  const closed = await prisma.callPayment.updateMany({
    where: { id: paymentId, organization_id: organizationId, ended_at: null },
    data: { status: outcome.status, error: outcome.error ?? null, confirmation_code: outcome.confirmationCode ?? null, capturing: null, ended_at: now, updated_at: now },
  });
  if (closed.count === 0) return null;
  const payment = await prisma.callPayment.findUniqueOrThrow({ where: { id: paymentId } });
  const call = await prisma.liveCall.findFirst({ where: { organization_id: organizationId, call_sid: payment.call_sid, ended_at: null }, select: LIVE_CALL_SELECT });
  if (!call) return payment;
  if (payment.paused_recording && call.recording_state === "paused") {
    // The payment is over whatever the provider says of the recording: a refusal is logged, and the agent can resume it by hand.
    await moveRecording(call, "recording", { userId: null, reason: "payment" }).catch((error: Error) =>
      logger.warn("recording not resumed after a payment", { organization_id: organizationId, call_sid: call.call_sid, error: error.message }),
    );
  }
  await prisma.$transaction((tx) => recordCallEvent(tx, call, { type: "payment_ended", actorUserId: null, data: { payment_id: Number(paymentId), status: outcome.status } }));
  return payment;
}
