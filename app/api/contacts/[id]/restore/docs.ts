import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Contacts", summary: { POST: "Restore an archived contact" } };
