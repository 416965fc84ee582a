import type { RouteDocs } from "@/lib/openapi/operation-group";

export const docs: RouteDocs = { tag: "Service", summary: { GET: "Liveness: answers without authentication or database" } };
