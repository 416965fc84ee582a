import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Campaigns", summary: { POST: "The next contact for a preview-mode agent" } };
