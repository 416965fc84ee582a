import "server-only";
import { providerRestClient } from "@/lib/twilio/rest-client";
import type { OutgoingText, TextAnswer } from "@/lib/telephony/port";
import { organizationCallbackUrl, providerConfig } from "@/lib/twilio/provider-config";
import { newMessageSid } from "@/lib/twilio/simulator/simulator";
import { simulatorEnabled } from "@/lib/twilio/simulator-enabled";
import { CALLBACK_PATHS } from "@/lib/telephony/callback-paths";

// The provider's Messages API, behind one typed call: domain code never sees
// the REST client or its exceptions. With no provider account and the
// simulator on, the message is accepted with a simulated SID; its delivery
// statuses then come from the simulator, signed like the provider's.

export async function sendText(organizationId: number, text: OutgoingText): Promise<TextAnswer> {
  const config = await providerConfig(organizationId);
  const client = providerRestClient(config);
  if (!client) {
    if (simulatorEnabled(config)) return { accepted: true, sid: newMessageSid(), status: "queued" };
    return { accepted: false, code: null, reason: "No provider account is configured (Settings → Telephony)." };
  }
  try {
    // WhatsApp is the same resource, between the WhatsApp addresses of the numbers.
    const address = (number: string) => (text.channel === "whatsapp" ? `whatsapp:${number}` : number);
    const message = await client.messages.create({
      to: address(text.to),
      from: address(text.from),
      ...(text.template
        ? { contentSid: text.template.contentSid, ...(Object.keys(text.template.variables).length && { contentVariables: JSON.stringify(text.template.variables) }) }
        : { ...(text.body && { body: text.body }), ...(text.mediaUrls.length && { mediaUrl: text.mediaUrls }) }),
      statusCallback: organizationCallbackUrl(organizationId, `${CALLBACK_PATHS.smsStatus}?message=${text.messageId}`),
    });
    return { accepted: true, sid: message.sid, status: message.status ?? "queued" };
  } catch (error) {
    const { code, message } = error as { code?: number | string; message?: string };
    return { accepted: false, code: code === undefined || code === null ? null : String(code), reason: message || "The provider refused the message." };
  }
}
