import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { logForwardedCall } from "@/lib/routing/log-forwarded-call";
import { forwardedCallEnd } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

// A menu's forward to an outside number ended (the Dial's action): the call is logged (issue 23).
export const POST = voiceRoute(({ params, organizationId }) => {
  const end = forwardedCallEnd(params);
  if (end) return logForwardedCall({ organizationId, end });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
