import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    GET: prose`The organization's wrap-up disposition codes in order, and whether one is required (include_archived=true adds
      archived codes)`,
    POST: "Add a disposition code (managers and admins)",
  },
  responses: { POST: { "409": "The organization already has a code of that name" } },
};
