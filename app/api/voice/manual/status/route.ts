import { endManualCall } from "@/lib/calls/end-manual-call";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { manualCallEnd } from "@/lib/telephony/voice-callbacks";
import { voiceRoute } from "@/lib/telephony/voice-route";

export const POST = voiceRoute(async ({ params, query, organizationId }) => {
  const end = manualCallEnd(params, query);
  if (end) await endManualCall({ organizationId, end });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
