import { applyPaymentReport } from "@/lib/calls/apply-payment-report";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { paymentReport } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

// A card payment's step or end (the StatusCallback of the payment session started on the caller's leg).
export const POST = voiceRoute(async ({ params, query, organizationId }) => {
  const report = paymentReport(params, query);
  if (report) await applyPaymentReport(organizationId, report);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
