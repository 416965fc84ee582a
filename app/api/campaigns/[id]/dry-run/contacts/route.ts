import { listDryRunContacts } from "@/lib/campaigns/dry-run-contacts";
import { dryRunContactsQuery } from "@/lib/campaigns/schemas";
import { dryRunContactPageAnswer } from "@/lib/campaigns/campaign-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "campaigns.manage", params: idParams, query: dryRunContactsQuery, answers: dryRunContactPageAnswer }, ({ user, params, query }) =>
  listDryRunContacts({ actor: user, id: params.id, query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
