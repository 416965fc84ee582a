import { AppError } from "@/lib/errors/app-error";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { deliveryReport } from "@/lib/twilio/in/incoming-text";
import { messagingTwiml } from "@/lib/twilio/in/messaging-twiml";
import { updateMessageStatus } from "@/lib/messages/update-message-status";
import { providerRoute } from "@/lib/twilio/in/provider-route";

// Delivery status callbacks of the messages we send (their address names the organization and the message).
export const POST = providerRoute(async ({ params, query, organizationId }) => {
  const report = deliveryReport(params, query);
  if (!report) throw new AppError("bad_request", "MessageSid and a known MessageStatus are required.");
  await updateMessageStatus({ organizationId, report });
  return messagingTwiml(null);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
