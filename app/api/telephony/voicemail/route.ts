import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { voicemailReport } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";
import { leaveVoicemail } from "@/lib/calls/voicemail/leave-voicemail";

// The Record's action: the caller's message (RecordingUrl, RecordingDuration); the queue and reason ride in the signed address.
export const POST = voiceRoute(({ params, query, organizationId }) => leaveVoicemail({ organizationId, ...voicemailReport(params, query) }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
