import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Settings", summary: { GET: "Duplicate detection settings", PUT: "Change duplicate detection settings" } };
