import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Contacts", summary: { PATCH: "Rename or change a preset", DELETE: "Delete a preset" } };
