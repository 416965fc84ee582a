import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Imports",
  summary: { POST: "Go on with an import that stopped to ask about duplicates (skip or update them)" },
  responses: { POST: { "409": "The import is not waiting for this answer (already confirmed, still reading, or finished)" } },
};
