import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { applyCallStatus } from "@/lib/queue/call-status-update";
import { callStatusReport } from "@/lib/telephony/voice-callbacks";
import { voiceRoute } from "@/lib/telephony/voice-route";

export const POST = voiceRoute(async ({ params, organizationId }) => {
  const report = callStatusReport(params);
  if (report) await applyCallStatus({ organizationId, ...report });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
