import "server-only";
import { randomBytes } from "node:crypto";
import type { PaymentChange, PaymentSession } from "@/lib/telephony/port";
import { organizationCallbackUrl } from "@/lib/twilio/provider-config";
import { client, provider } from "./call-control";

// Agent-assisted payments (issue 47, point 2): the Payments resource of the
// caller's leg. The provider takes the caller's key presses itself (the agent
// hears none of them) and sends the card to the organization's Pay Connector;
// it reports each step at the session's StatusCallback. With the call
// simulator there is no provider: the session gets an id of its own and the
// simulator plays the reports (lib/twilio/simulator).

/** Starts a payment session on the caller's leg; its sid (PK…). */
export async function startPayment(organizationId: number, legSid: string, session: PaymentSession): Promise<string> {
  const rest = await client(organizationId);
  if (!rest) return `PK${randomBytes(16).toString("hex")}`;
  const payment = await provider("start the payment", organizationId, () =>
    rest.calls(legSid).payments.create({
      idempotencyKey: session.idempotencyKey,
      statusCallback: organizationCallbackUrl(organizationId, session.statusPath),
      paymentConnector: session.connector,
      paymentMethod: "credit-card",
      chargeAmount: session.amount,
      currency: session.currency,
      ...(session.description && { description: session.description }),
      input: "dtmf",
      securityCode: session.securityCode,
      postalCode: session.postalCode,
      validCardTypes: session.cardTypes.join(" "),
      tokenType: "one-time",
    }),
  );
  return payment.sid;
}

/** Asks the caller for one field (Capture), or completes or cancels the session (Status). */
export async function updatePayment(organizationId: number, legSid: string, paymentSid: string, change: PaymentChange): Promise<void> {
  const rest = await client(organizationId);
  if (!rest) return;
  const what = "capture" in change ? "ask the caller for the card" : change.status === "complete" ? "send the payment" : "cancel the payment";
  await provider(what, organizationId, () =>
    rest
      .calls(legSid)
      .payments(paymentSid)
      .update({
        idempotencyKey: change.idempotencyKey,
        statusCallback: organizationCallbackUrl(organizationId, change.statusPath),
        ...("capture" in change ? { capture: change.capture } : { status: change.status }),
      }),
  );
}
