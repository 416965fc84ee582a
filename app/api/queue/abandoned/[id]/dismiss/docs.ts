import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: { POST: "Follow up a missed caller without calling (dismiss it)" },
  responses: { POST: { "409": "Someone has already followed it up" } },
};
