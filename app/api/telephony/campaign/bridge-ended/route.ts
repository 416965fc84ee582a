import { conferenceSeatFor } from "@/lib/calls/move-call-to-conference";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { reportedCall } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

// A campaign call's bridge to the agent ended (the Dial's action). When the agent's leg was moved into the
// call's conference (hold, transfer…), the contact follows it there; otherwise the call is over (its status
// callback logs it).
export const POST = voiceRoute(async ({ params, organizationId }) => {
  const callSid = reportedCall(params);
  if (!callSid) return;
  return (await conferenceSeatFor({ organizationId, callSid, leg: "customer" })) ?? undefined;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
