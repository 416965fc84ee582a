import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Campaigns", summary: { GET: "Campaigns in the caller's scope", POST: "Create a campaign" } };
