import { AppError } from "@/lib/errors/app-error";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { incomingText } from "@/lib/messages/incoming-text";
import { messagingTwiml } from "@/lib/messages/messaging-twiml";
import { receiveMessage } from "@/lib/messages/receive-message";
import { organizationCallbackUrl } from "@/lib/telephony/provider-config";
import { providerRoute } from "@/lib/telephony/provider-route";

// The provider's incoming-message webhook: the organization is the owner of `To`.
export const POST = providerRoute(async ({ params, organizationId }) => {
  const text = incomingText(params);
  if (!text) throw new AppError("bad_request", "MessageSid and From are required.");
  const { reply } = await receiveMessage({ organizationId, text });
  return messagingTwiml(reply && { body: reply.body, statusUrl: organizationCallbackUrl(organizationId, `/api/telephony/sms-status?message=${reply.id}`) });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
