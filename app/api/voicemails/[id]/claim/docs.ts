import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: { POST: "Claim a voicemail to call the caller back (one agent only)" },
  responses: { POST: { "409": "Another agent has claimed it" } },
};
