import type { RouteDocs } from "@/lib/openapi/operation-group";

export const docs: RouteDocs = { tag: "Identity", summary: { POST: "Revoke the token that made the request" } };
