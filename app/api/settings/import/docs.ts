import type { RouteDocs } from "@/lib/openapi/operation-group";

export const docs: RouteDocs = { tag: "Settings", summary: { GET: "Import settings", PUT: "Change import settings" } };
