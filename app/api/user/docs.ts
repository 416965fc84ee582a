import type { RouteDocs } from "@/lib/openapi/operation-group";

export const docs: RouteDocs = { tag: "Identity", summary: { GET: "The signed-in user" } };
