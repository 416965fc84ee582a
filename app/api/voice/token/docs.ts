import type { RouteDocs } from "@/lib/openapi/operation-group";

export const docs: RouteDocs = { tag: "Calls", summary: { POST: "An access token for the browser softphone" } };
