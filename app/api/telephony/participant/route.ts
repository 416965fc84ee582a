import { partyLegEnded } from "@/lib/calls/party-leg-ended";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { partyLegStatus } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

// The status callbacks of parties dialed into a call's conference (a transfer's target, a third party, a supervisor).
export const POST = voiceRoute(async ({ params, query, organizationId }) => {
  const ended = partyLegStatus(params, query);
  if (ended) await partyLegEnded({ organizationId, participantId: ended.participantId, legSid: ended.legSid });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
