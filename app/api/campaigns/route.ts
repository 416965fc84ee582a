import { createCampaign, listCampaigns } from "@/lib/campaigns/manage-campaigns";
import { createCampaignSchema, listCampaignsQuery } from "@/lib/campaigns/schemas";
import { campaignAnswer, campaignPageAnswer } from "@/lib/campaigns/campaign-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "campaigns.manage", query: listCampaignsQuery, answers: campaignPageAnswer }, ({ user, query }) => listCampaigns({ actor: user, query }));

export const POST = route({ permission: "campaigns.manage", body: createCampaignSchema, status: 201, answers: campaignAnswer }, ({ user, body }) => createCampaign({ actor: user, input: body }));

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
