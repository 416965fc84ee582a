import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: { POST: "Merge duplicates into a chosen primary; audited" },
  description: {
    POST: prose`The primary keeps its values and fills empty email, company and custom fields from the duplicates (newest first);
      merge_tags, merge_notes and merge_call_history default to true. The primary must be active (an archived one is
      refused with 422); archived duplicates may be merged.`,
  },
  responses: { POST: { "404": "A contact is not in the caller's reach", "409": "A duplicate is in an active campaign" } },
};
