import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Campaigns", summary: { POST: "Pause dialing" }, responses: { POST: { "409": "The campaign is not running" } } };
