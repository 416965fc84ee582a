import { campaignStats } from "@/lib/campaigns/campaign-stats";
import { campaignStatsAnswer } from "@/lib/campaigns/campaign-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "campaigns.manage", params: idParams, answers: campaignStatsAnswer }, ({ user, params }) => campaignStats({ actor: user, id: params.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
