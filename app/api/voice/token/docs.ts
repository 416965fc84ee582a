import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Calls", summary: { POST: "An access token for the browser softphone" } };
