import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Identity", summary: { POST: "Enable a disabled endpoint again (new events are delivered to it)" } };
