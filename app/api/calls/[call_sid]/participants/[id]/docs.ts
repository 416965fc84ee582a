import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: { DELETE: "Take a party off the call (their leg ends; an agent who talked goes to wrap-up)" },
  responses: { DELETE: { "502": "The telephony provider refused the request (nothing changed)" } },
};
