import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Reports", summary: { GET: "Right now: waiting calls, agents by state, calls in progress" } };
