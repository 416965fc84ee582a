import { deleteCampaign, getCampaign, updateCampaign } from "@/lib/campaigns/manage-campaigns";
import { updateCampaignSchema } from "@/lib/campaigns/schemas";
import { campaignAnswer } from "@/lib/campaigns/campaign-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "campaigns.manage", params: idParams, answers: campaignAnswer }, ({ user, params }) => getCampaign({ actor: user, id: params.id }));

export const PATCH = route({ permission: "campaigns.manage", params: idParams, body: updateCampaignSchema, answers: campaignAnswer }, ({ user, params, body }) =>
  updateCampaign({ actor: user, id: params.id, input: body }),
);

export const DELETE = route({ permission: "campaigns.manage", params: idParams, status: 204 }, ({ user, params }) => deleteCampaign({ actor: user, id: params.id }));

export const { POST, PUT, OPTIONS } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
