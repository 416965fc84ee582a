import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Imports", summary: { GET: "An import's progress, counts and row-by-row failures" } };
