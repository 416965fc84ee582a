import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: { GET: "Custom field definitions the caller may see", POST: "Define a custom field (account_admin)" },
  responses: { POST: { "409": "A deleted field of this name is still being erased" } },
};
