import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Campaigns", summary: { POST: "Resume dialing" }, responses: { POST: { "409": "The campaign is not paused" } } };
