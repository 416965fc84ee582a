import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: { GET: "The caller's availability", POST: "Set the caller's availability" },
  responses: {
    POST: {
      "409": prose`Available while on a connected call (or holding an accepted caller): nothing changes; the agent becomes
        available when the call ends`,
      "422": prose`Leaving wrap-up without a disposition where the organization requires one (errors.disposition_id)`,
    },
  },
};
