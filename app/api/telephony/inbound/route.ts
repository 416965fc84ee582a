import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { routeInboundCall } from "@/lib/routing/route-inbound-call";
import { inboundCall, simulatedClock } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

// With no routing plan the answer enqueues at once with the queue-wait address, as the specification states.
export const POST = voiceRoute(({ params, organizationId, config }) =>
  routeInboundCall({ organizationId, call: inboundCall(params), clock: simulatedClock(params, config), recorded: config.recording_enabled }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
