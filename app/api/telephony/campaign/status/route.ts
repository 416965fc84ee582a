import { finishCampaignCall } from "@/lib/campaigns/campaign-callbacks";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { callStatusReport, campaignCall } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

export const POST = voiceRoute(async ({ params, query, organizationId }) => {
  const call = campaignCall(params, query);
  const report = callStatusReport(params);
  if (call && report) await finishCampaignCall({ organizationId, campaignContactId: call.campaignContactId, report });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
