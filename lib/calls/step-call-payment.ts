import "server-only";
import { randomUUID } from "node:crypto";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { serializePayment, type PaymentStep } from "@/lib/calls/payments/payment-schemas";
import { telephony } from "@/lib/telephony/port";
import { endCallPayment } from "./end-call-payment";
import { findLiveCall } from "./find-live-call";
import { paymentStatusPath, recordCallEvent } from "./live-call";

/**
 * The agent moves a payment on: asks the caller for another field of the card
 * (in the order they choose, again after a wrong entry), sends it to the
 * processor (complete: the outcome comes in the provider's report), or calls
 * it off (cancel: it ends now and the recording runs again).
 */
export async function stepCallPayment({ actor, callSid, paymentId, step }: { actor: SessionUser; callSid: string; paymentId: bigint; step: PaymentStep }) {
  const call = await findLiveCall(actor, callSid);
  const payment = await prisma.callPayment.findFirst({ where: { id: paymentId, organization_id: call.organization_id, call_sid: call.call_sid } });
  if (!payment) throw AppError.notFound();
  if (payment.ended_at) throw AppError.conflict(`This payment has ended (${payment.status}).`);
  if (!payment.payment_sid || !call.customer_leg_sid) throw AppError.conflict("The payment is still starting; try again in a moment.");
  if (payment.status !== "capturing") throw AppError.conflict("The payment was sent to the processor: wait for its answer.");
  const change = { idempotencyKey: randomUUID(), statusPath: paymentStatusPath(payment.id) };

  if ("capture" in step) {
    await telephony().updatePayment(call.organization_id, call.customer_leg_sid, payment.payment_sid, { ...change, capture: step.capture });
    const updated = await prisma.callPayment.update({ where: { id: payment.id }, data: { capturing: step.capture, error: null, updated_at: new Date() } });
    await prisma.$transaction((tx) => recordCallEvent(tx, call, { type: "payment_updated", actorUserId: actor.id, data: { payment_id: Number(payment.id) } }));
    return serializePayment(updated);
  }
  if (step.status === "complete") {
    if (payment.required) throw AppError.conflict(`The caller has not keyed everything yet: ${payment.required.split(",").join(", ")}.`);
    await telephony().updatePayment(call.organization_id, call.customer_leg_sid, payment.payment_sid, { ...change, status: "complete" });
    const updated = await prisma.callPayment.update({ where: { id: payment.id }, data: { status: "processing", capturing: null, updated_at: new Date() } });
    await prisma.$transaction((tx) => recordCallEvent(tx, call, { type: "payment_updated", actorUserId: actor.id, data: { payment_id: Number(payment.id) } }));
    return serializePayment(updated);
  }
  await telephony().updatePayment(call.organization_id, call.customer_leg_sid, payment.payment_sid, { ...change, status: "cancel" });
  const ended = await endCallPayment(call.organization_id, payment.id, { status: "canceled" });
  return serializePayment(ended ?? (await prisma.callPayment.findUniqueOrThrow({ where: { id: payment.id } })));
}
