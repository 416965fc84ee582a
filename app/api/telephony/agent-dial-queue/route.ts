import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { agentDialQueue } from "@/lib/queue/agent-dial-queue";
import { deviceCall } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

export const POST = voiceRoute(({ params, organizationId, config }) => agentDialQueue({ organizationId, ...deviceCall(params), recordingEnabled: config.recording_enabled }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
