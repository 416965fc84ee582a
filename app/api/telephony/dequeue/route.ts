import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { finishQueueEntry } from "@/lib/queue/finish-queue-entry";
import { queueLeft } from "@/lib/telephony/voice-callbacks";
import { voiceRoute } from "@/lib/telephony/voice-route";

export const POST = voiceRoute(async ({ params, organizationId }) => {
  const left = queueLeft(params);
  if (left) await finishQueueEntry({ organizationId, ...left });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
