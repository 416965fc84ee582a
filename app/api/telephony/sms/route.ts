import { AppError } from "@/lib/errors/app-error";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { incomingText } from "@/lib/twilio/in/incoming-text";
import { simulatedClock } from "@/lib/twilio/in/voice-callbacks";
import { messagingTwiml } from "@/lib/twilio/in/messaging-twiml";
import { receiveMessage } from "@/lib/messages/receive-message";
import { organizationCallbackUrl } from "@/lib/twilio/provider-config";
import { providerRoute } from "@/lib/twilio/in/provider-route";

// The provider's incoming-message webhook: the organization is the owner of `To`.
export const POST = providerRoute(async ({ params, organizationId, config }) => {
  const text = incomingText(params, simulatedClock(params, config));
  if (!text) throw new AppError("bad_request", "MessageSid and From are required.");
  const { reply } = await receiveMessage({ organizationId, text });
  return messagingTwiml(reply && { body: reply.body, statusUrl: organizationCallbackUrl(organizationId, `/api/telephony/sms-status?message=${reply.id}`) });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
