import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Identity", summary: { GET: "The signed-in user" } };
