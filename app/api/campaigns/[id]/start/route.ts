import { startCampaign } from "@/lib/campaigns/start-campaign";
import { campaignAnswer } from "@/lib/campaigns/campaign-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";

export const POST = route({ permission: "campaigns.manage", params: idParams, answers: campaignAnswer }, ({ user, params }) => startCampaign({ actor: user, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
