import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Settings", summary: { GET: "Retention settings", PUT: "Change retention settings" } };
