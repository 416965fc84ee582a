import { placeManualCall } from "@/lib/calls/place-manual-call";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { agentDialQueue } from "@/lib/queue/agent-dial-queue";
import { deviceCall } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

// The TwiML application's voice address: a device either joins the call its
// agent accepted (QueueEntryId) or places a manual call (To).
export const POST = voiceRoute(({ params, organizationId, config }) => {
  const call = deviceCall(params);
  return call.queueEntry
    ? agentDialQueue({ organizationId, agentId: call.agentId, callSid: call.callSid, queueEntry: call.queueEntry, recordingEnabled: config.recording_enabled })
    : placeManualCall({ organizationId, call, callerId: config.caller_id, recordingEnabled: config.recording_enabled });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
