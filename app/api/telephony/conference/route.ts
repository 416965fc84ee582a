import { applyConferenceEvent } from "@/lib/calls/apply-conference-event";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { conferenceEvent } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

// The conference status callbacks of calls moved into a conference (hold, transfer, three-way, monitoring).
export const POST = voiceRoute(async ({ params, query, organizationId }) => {
  const event = conferenceEvent(params, query);
  if (event) await applyConferenceEvent({ organizationId, event });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
