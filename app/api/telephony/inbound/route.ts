import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { enqueueCall } from "@/lib/queue/enqueue-call";
import { organizationCallbackUrl } from "@/lib/telephony/provider-config";
import { providerRoute } from "@/lib/telephony/provider-route";
import { enqueueTwiml } from "@/lib/telephony/twiml";

export const POST = providerRoute(async ({ params, organizationId }) => {
  const entry = await enqueueCall({ organizationId, params });
  return enqueueTwiml({ queueName: entry.queue_name, waitUrl: organizationCallbackUrl(organizationId, "/api/telephony/queue-wait"), actionUrl: organizationCallbackUrl(organizationId, "/api/telephony/dequeue") });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
