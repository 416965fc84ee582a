import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Reports", summary: { GET: "Calls by disposition, and each disposition per agent, campaign and queue" } };
