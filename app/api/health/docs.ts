import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Service", summary: { GET: "Liveness: answers without authentication or database" } };
