import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Contacts", summary: { POST: "Archive a field (hidden, values kept)", DELETE: "Unarchive a field" } };
