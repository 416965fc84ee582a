import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { finishQueueEntry } from "@/lib/queue/finish-queue-entry";
import { providerRoute } from "@/lib/telephony/provider-route";
import { emptyTwiml } from "@/lib/telephony/twiml";

export const POST = providerRoute(async ({ params, organizationId }) => {
  const queueTime = Number(params.QueueTime);
  if (params.CallSid) {
    await finishQueueEntry({ organizationId, callSid: params.CallSid, result: params.QueueResult ?? "hangup", queueTime: Number.isFinite(queueTime) ? queueTime : undefined });
  }
  return emptyTwiml();
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
