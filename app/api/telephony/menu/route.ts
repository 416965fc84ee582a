import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { answerMenu } from "@/lib/routing/route-inbound-call";
import { inboundCall, menuAnswer } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

// The caller menu's answer (the provider's Gather action, or its redirect when nothing was said).
export const POST = voiceRoute(({ params, organizationId, query }) => answerMenu({ organizationId, call: inboundCall(params), attempt: Number(query.get("try")) || 1, input: menuAnswer(params) }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
