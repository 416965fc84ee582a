import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: { GET: "Departments the caller may see", POST: "Create a department in the caller's organization" },
  responses: { POST: { "409": "The organization has a department of this name" } },
};
