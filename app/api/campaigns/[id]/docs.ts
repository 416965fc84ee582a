import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Campaigns",
  summary: { GET: "One campaign", PATCH: "Change a campaign", DELETE: "Delete a draft campaign" },
  responses: { DELETE: { "409": "The campaign is not a draft; stop it instead" } },
};
