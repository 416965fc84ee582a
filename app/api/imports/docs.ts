import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Imports", summary: { GET: "Imports in the caller's scope, newest first" } };
