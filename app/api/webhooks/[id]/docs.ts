import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Identity", summary: { DELETE: "Delete a webhook endpoint and its deliveries" } };
