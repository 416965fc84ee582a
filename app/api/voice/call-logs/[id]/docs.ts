import type { RouteDocs } from "@/lib/openapi/operation-group";
import { prose } from "@/lib/openapi/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    PATCH: prose`Wrap up a call: its notes and its disposition (disposition_id: one of the organization's codes; a campaign call's
      disposition becomes its contact's outcome)`,
  },
};
