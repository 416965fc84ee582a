import { finishCampaignCall } from "@/lib/campaigns/campaign-callbacks";
import { providerRoute } from "@/lib/telephony/provider-route";

export const POST = providerRoute(finishCampaignCall);
