import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Campaigns",
  summary: { POST: "Stop the campaign for good" },
  responses: { POST: { "409": "The campaign is already stopped or completed" } },
};
