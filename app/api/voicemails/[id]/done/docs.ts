import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: { POST: "Mark a voicemail done (by whoever claimed it, or a manager); done again is done" },
  responses: { POST: { "409": "Another agent has claimed it" } },
};
