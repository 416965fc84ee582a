import { answerCampaignCall } from "@/lib/campaigns/campaign-callbacks";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { providerRoute } from "@/lib/telephony/provider-route";

export const POST = providerRoute(answerCampaignCall);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
