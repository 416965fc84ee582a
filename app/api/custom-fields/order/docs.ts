import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Contacts", summary: { PUT: "Set the display order of the fields" } };
