import "server-only";
import { providerRestClient } from "@/lib/telephony/provider-rest";
import type { ProviderConfig } from "@/lib/telephony/provider-config";
import { newMessageSid } from "@/lib/telephony/simulator";
import { simulatorEnabled } from "@/lib/telephony/simulator-enabled";

// The provider's Messages API, behind one typed call: domain code never sees
// the REST client or its exceptions. With no provider account and the
// simulator on, the message is accepted with a simulated SID; its delivery
// statuses then come from the simulator, signed like the provider's.

export interface OutgoingText {
  to: string;
  from: string;
  body: string;
  mediaUrls: string[];
  statusCallback: string;
}

export type ProviderAnswer = { accepted: true; sid: string; status: string } | { accepted: false; code: string | null; reason: string };

export async function sendThroughProvider(config: ProviderConfig, text: OutgoingText): Promise<ProviderAnswer> {
  const client = providerRestClient(config);
  if (!client) {
    if (simulatorEnabled(config)) return { accepted: true, sid: newMessageSid(), status: "queued" };
    return { accepted: false, code: null, reason: "No provider account is configured (Settings → Telephony)." };
  }
  try {
    const message = await client.messages.create({
      to: text.to,
      from: text.from,
      ...(text.body && { body: text.body }),
      ...(text.mediaUrls.length && { mediaUrl: text.mediaUrls }),
      statusCallback: text.statusCallback,
    });
    return { accepted: true, sid: message.sid, status: message.status ?? "queued" };
  } catch (error) {
    const { code, message } = error as { code?: number | string; message?: string };
    return { accepted: false, code: code === undefined || code === null ? null : String(code), reason: message || "The provider refused the message." };
  }
}
