import "server-only";
import { prisma } from "@/lib/db/client";
import type { PaymentReport } from "@/lib/telephony/call-events";
import { endCallPayment } from "./end-call-payment";
import { LIVE_CALL_SELECT, recordCallEvent } from "./live-call";

/**
 * The provider reports a payment's step: what the caller keyed (the fields
 * still required, a refused entry, the masked card) or its end (the
 * processor's answer). A report for a payment of another organization, of
 * another session, or that has ended changes nothing.
 */
export async function applyPaymentReport(organizationId: number, report: PaymentReport): Promise<void> {
  const payment = await prisma.callPayment.findFirst({ where: { id: report.paymentId, organization_id: organizationId, ended_at: null } });
  if (!payment || (payment.payment_sid !== null && payment.payment_sid !== report.paymentSid)) return;
  const now = new Date();
  await prisma.callPayment.update({
    where: { id: payment.id },
    data: {
      payment_sid: report.paymentSid,
      ...(report.required && { required: report.required.join(",") }),
      ...(report.card && { card_number: report.card.number ?? payment.card_number, card_type: report.card.type ?? payment.card_type }),
      error: report.error,
      updated_at: now,
    },
  });
  if (report.ended) {
    await endCallPayment(
      organizationId,
      payment.id,
      report.ended.succeeded ? { status: "succeeded", confirmationCode: report.ended.confirmationCode } : { status: "failed", error: report.ended.reason },
    );
    return;
  }
  const call = await prisma.liveCall.findFirst({ where: { organization_id: organizationId, call_sid: payment.call_sid, ended_at: null }, select: LIVE_CALL_SELECT });
  if (call) await prisma.$transaction((tx) => recordCallEvent(tx, call, { type: "payment_updated", actorUserId: null, data: { payment_id: Number(payment.id) } }));
}
