import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { applyCallStatus } from "@/lib/calls/apply-call-status";
import { callStatusReport } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

export const POST = voiceRoute(async ({ params, organizationId }) => {
  const report = callStatusReport(params);
  if (report) await applyCallStatus({ organizationId, ...report });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
