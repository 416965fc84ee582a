import type { RouteDocs } from "@/lib/openapi/operation-group";

export const docs: RouteDocs = { tag: "Identity", summary: { DELETE: "Delete a webhook endpoint and its deliveries" } };
