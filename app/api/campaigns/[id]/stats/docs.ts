import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Campaigns", summary: { GET: "Progress and outcomes" } };
