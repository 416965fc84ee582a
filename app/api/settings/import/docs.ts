import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Settings", summary: { GET: "Import settings", PUT: "Change import settings" } };
