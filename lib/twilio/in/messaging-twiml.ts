import twilio from "twilio";

// Messaging answers, built with the provider's own TwiML builder (it escapes
// every value). An auto-reply names the stored message in its status address.
const { MessagingResponse } = twilio.twiml;

export function messagingTwiml(reply: { body: string; statusUrl: string } | null): string {
  const response = new MessagingResponse();
  if (reply) response.message({ action: reply.statusUrl, method: "POST" }, reply.body);
  return response.toString();
}
