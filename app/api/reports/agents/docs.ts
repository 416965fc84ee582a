import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Reports", summary: { GET: "Per-agent figures and time in each state" } };
