import { placeManualCall } from "@/lib/calls/place-manual-call";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { deviceCall } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

export const POST = voiceRoute(({ params, organizationId, config }) =>
  placeManualCall({ organizationId, call: deviceCall(params), callerId: config.caller_id, recordingEnabled: config.recording_enabled }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
