import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: { GET: "One scheduled callback", DELETE: "Cancel a callback that is not yet due" },
  responses: { DELETE: { "409": "It is already due: it is a waiting call now" } },
};
