import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Campaigns",
  summary: { POST: "Start dialing" },
  responses: { POST: { "409": "The campaign is not a draft or paused, or has no contacts" } },
};
