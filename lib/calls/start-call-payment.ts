import "server-only";
import { randomUUID } from "node:crypto";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { fieldsFor, serializePayment } from "@/lib/calls/payments/payment-schemas";
import { getSettings } from "@/lib/settings/get-settings";
import { telephony } from "@/lib/telephony/port";
import { endCallPayment } from "./end-call-payment";
import { findLiveCall } from "./find-live-call";
import { paymentStatusPath, recordCallEvent } from "./live-call";
import { moveRecording } from "./move-recording";

/**
 * Starts taking a card payment on a call (issue 47, point 2): the provider asks
 * the caller for the card number, which they key on their phone. A running
 * recording is paused first, so nothing of the card is in it, and resumes when
 * the payment ends (end-call-payment.ts). One payment at a time per call; the
 * caller must be on the line (not on hold) to key.
 */
export async function startCallPayment({ actor, callSid, amount, description }: { actor: SessionUser; callSid: string; amount: number; description?: string }) {
  const call = await findLiveCall(actor, callSid);
  if (call.state !== "answered") throw AppError.conflict(call.state === "held" ? "Take the caller off hold first: they key their card on the line." : "The call is not connected.");
  if (!call.customer_leg_sid) throw AppError.conflict("The caller's line is not connected yet.");
  const settings = (await getSettings(call.organization_id, "calls")).payments;
  if (!settings.connector) throw AppError.conflict("No payment step is configured: an admin names the payment connector in Settings → Telephony.");

  let payment;
  try {
    payment = await prisma.callPayment.create({
      data: {
        organization_id: call.organization_id,
        call_sid: call.call_sid,
        started_by_user_id: actor.id,
        amount,
        currency: settings.currency,
        description: description || null,
        capturing: "payment-card-number",
        required: fieldsFor(settings).join(","),
      },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw AppError.conflict("A payment is already being taken on this call.");
    throw error;
  }

  try {
    const paused = call.recording_state === "recording" ? await moveRecording(call, "paused", { userId: actor.id, reason: "payment" }) : null;
    if (paused) payment = await prisma.callPayment.update({ where: { id: payment.id }, data: { paused_recording: true } });
    const statusPath = paymentStatusPath(payment.id);
    const port = telephony();
    const sid = await port.startPayment(call.organization_id, call.customer_leg_sid, {
      idempotencyKey: randomUUID(),
      statusPath,
      connector: settings.connector,
      amount,
      currency: settings.currency,
      description: description || null,
      securityCode: settings.security_code,
      postalCode: settings.postal_code,
      cardTypes: settings.card_types,
    });
    payment = await prisma.callPayment.update({ where: { id: payment.id }, data: { payment_sid: sid, updated_at: new Date() } });
    await port.updatePayment(call.organization_id, call.customer_leg_sid, sid, { idempotencyKey: randomUUID(), statusPath, capture: "payment-card-number" });
  } catch (error) {
    // Nothing was taken: the payment ends as failed, and a recording it paused runs again.
    await endCallPayment(call.organization_id, payment.id, { status: "failed", error: "not_started" }).catch(() => undefined);
    throw error;
  }
  await prisma.$transaction((tx) => recordCallEvent(tx, call, { type: "payment_started", actorUserId: actor.id, data: { payment_id: Number(payment.id) } }));
  return serializePayment(payment);
}
