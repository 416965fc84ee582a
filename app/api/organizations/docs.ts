import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: { GET: "Organizations the caller may see", POST: "Create an organization with its departments (super_admin)" },
};
