import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { callerLeftQueue } from "@/lib/queue/caller-left-queue";
import { queueLeft } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

export const POST = voiceRoute(async ({ params, organizationId }) => {
  const left = queueLeft(params);
  if (left) return callerLeftQueue({ organizationId, ...left });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
