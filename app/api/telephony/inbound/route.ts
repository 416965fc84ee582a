import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { enqueueCall } from "@/lib/queue/enqueue-call";
import { inboundCall } from "@/lib/telephony/voice-callbacks";
import { voiceRoute } from "@/lib/telephony/voice-route";

export const POST = voiceRoute(async ({ params, organizationId }) => {
  const entry = await enqueueCall({ organizationId, ...inboundCall(params) });
  return { kind: "enqueue", queueName: entry.queue_name, waitPath: "/api/telephony/queue-wait", leavePath: "/api/telephony/dequeue" };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
