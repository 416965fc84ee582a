import "server-only";
import type { CampaignDial } from "@/lib/telephony/port";
import { organizationCallbackUrl, providerConfig } from "@/lib/twilio/provider-config";
import { providerRestClient } from "@/lib/twilio/rest-client";
import { CALLBACK_PATHS } from "@/lib/telephony/callback-paths";

/**
 * Places a campaign call through the provider's REST API: its answer and its
 * end come back to the campaign callbacks, which name the campaign contact
 * (`cc`). Throws when the provider is not configured or does not take the
 * call (the campaign then settles the attempt as failed).
 */
export async function dialCampaignContact(organizationId: number, dial: CampaignDial): Promise<string> {
  const client = providerRestClient(await providerConfig(organizationId));
  if (!client) throw new Error("Telephony is not configured (account, auth token and caller ID are needed to dial).");
  const query = `?cc=${dial.campaignContactId}`;
  const call = await client.calls.create({
    to: dial.to,
    from: dial.from,
    url: organizationCallbackUrl(organizationId, `${CALLBACK_PATHS.campaignAnswer}${query}`),
    method: "POST",
    statusCallback: organizationCallbackUrl(organizationId, `${CALLBACK_PATHS.campaignStatus}${query}`),
    statusCallbackEvent: ["completed"],
    statusCallbackMethod: "POST",
    timeout: 25,
    ...(dial.detectMachine && { machineDetection: "DetectMessageEnd" }),
    // Never recorded from here: a recorded campaign's conversation is recorded once, from the moment an agent has it (answerCampaignCall).
  });
  return call.sid;
}
