import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    PATCH: prose`Wrap up a call: its notes and its disposition (disposition_id: one of the organization's codes; a campaign call's
      disposition becomes its contact's outcome)`,
  },
};
