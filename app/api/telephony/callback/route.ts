import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { requestCallback } from "@/lib/queue/request-callback";
import { inboundCall, menuAnswer } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

// The hold loop's <Gather> action: a waiting caller pressed a key (the callback offer, issue 23).
export const POST = voiceRoute(({ params, organizationId }) => {
  const call = inboundCall(params);
  return requestCallback({ organizationId, callSid: call.callSid, to: call.to, digits: menuAnswer(params).digits });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
