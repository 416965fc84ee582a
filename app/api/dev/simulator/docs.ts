import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: { GET: "The call simulator's state (development without a provider)", POST: "Drive the call simulator" },
  responses: { POST: { "404": "No such call, queue entry or agent in the caller's organization" } },
};
