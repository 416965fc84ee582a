import { startCallPayment } from "@/lib/calls/start-call-payment";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { callSidParams } from "@/lib/http/params";
import { paymentAnswer, startPaymentSchema } from "@/lib/calls/payments/payment-schemas";
import { route } from "@/lib/routes/route";

// Take a card payment on a call in progress (its agent, or a supervisor in scope): the recording pauses until it ends.
export const POST = route({ permission: "calls.place", params: callSidParams, body: startPaymentSchema, status: 201, answers: paymentAnswer }, ({ user, params, body }) =>
  startCallPayment({ actor: user, callSid: params.call_sid, amount: body.amount, description: body.description }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
