import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Messages",
  summary: { PATCH: "Change a saved reply", DELETE: "Delete a saved reply" },
  responses: { PATCH: { "409": "A template with this name exists" } },
};
