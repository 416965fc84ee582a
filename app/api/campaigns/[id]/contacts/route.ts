import { addCampaignContacts, listCampaignContacts, removeCampaignContacts } from "@/lib/campaigns/campaign-contacts";
import { campaignContactIdsSchema, campaignContactsQuery } from "@/lib/campaigns/schemas";
import { addedContactsAnswer, campaignContactPageAnswer, removedContactsAnswer } from "@/lib/campaigns/campaign-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "campaigns.manage", params: idParams, query: campaignContactsQuery, answers: campaignContactPageAnswer }, ({ user, params, query }) =>
  listCampaignContacts({ actor: user, id: params.id, query }),
);

export const POST = route({ permission: "campaigns.manage", params: idParams, body: campaignContactIdsSchema, answers: addedContactsAnswer }, ({ user, params, body }) =>
  addCampaignContacts({ actor: user, id: params.id, contactIds: body.contact_ids }),
);

export const DELETE = route({ permission: "campaigns.manage", params: idParams, body: campaignContactIdsSchema, answers: removedContactsAnswer }, ({ user, params, body }) =>
  removeCampaignContacts({ actor: user, id: params.id, contactIds: body.contact_ids }),
);

export const { PUT, PATCH, OPTIONS } = methodsNotAllowed(["GET", "POST", "DELETE"]);
