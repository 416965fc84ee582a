import type { RouteDocs } from "@/lib/openapi/operation-group";

export const docs: RouteDocs = { tag: "Contacts", summary: { POST: "Restore an archived contact" } };
