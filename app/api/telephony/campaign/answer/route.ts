import { answerCampaignCall } from "@/lib/campaigns/campaign-callbacks";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { campaignCall } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

export const POST = voiceRoute(({ params, query, organizationId }) => {
  const call = campaignCall(params, query);
  return call ? answerCampaignCall({ organizationId, call }) : { kind: "say-and-hang-up", message: "Goodbye." };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
