import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Reports", summary: { GET: "Calls by contact tag" } };
