import { stepCallPayment } from "@/lib/calls/step-call-payment";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams, callSidParams } from "@/lib/http/params";
import { paymentAnswer, paymentStepSchema } from "@/lib/calls/payments/payment-schemas";
import { route } from "@/lib/routes/route";

const params = callSidParams.extend(bigIdParams.shape);

// Ask the caller for a field of the card, send the payment to the processor, or call it off.
export const PATCH = route({ permission: "calls.place", params, body: paymentStepSchema, answers: paymentAnswer }, ({ user, params, body }) =>
  stepCallPayment({ actor: user, callSid: params.call_sid, paymentId: params.id, step: body }),
);

export const { GET, POST, PUT, DELETE, OPTIONS } = methodsNotAllowed(["PATCH"]);
