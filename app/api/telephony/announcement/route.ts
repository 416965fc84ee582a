import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { announceRecording } from "@/lib/recordings/announce-recording";
import { inboundCall } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

// The called person of a recorded manual call answered: what they hear before they are connected (<Number url>).
export const POST = voiceRoute(({ params, organizationId, query }) => announceRecording({ organizationId, callSid: query.get("call") ?? "", from: inboundCall(params).from || null }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
