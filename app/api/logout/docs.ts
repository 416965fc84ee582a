import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Identity", summary: { POST: "Revoke the token that made the request" } };
