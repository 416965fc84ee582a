import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: { GET: "The caller's saved filter presets", POST: "Save a filter preset" },
  responses: { POST: { "409": "The caller has a preset of this name" } },
};
