import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { answerConsent } from "@/lib/routing/route-inbound-call";
import { inboundCall, menuAnswer } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

// After the recording announcement (the provider's Gather action with the key pressed, or its redirect without one).
export const POST = voiceRoute(({ params, organizationId }) => answerConsent({ organizationId, call: inboundCall(params), digits: menuAnswer(params).digits }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
