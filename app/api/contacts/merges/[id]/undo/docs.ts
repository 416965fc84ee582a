import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: { POST: "Undo a merge within 30 days: the removed contacts come back exactly, with their calls" },
  description: {
    POST: prose`The removed contacts return with their ids, tags, notes and custom fields as stored; their call logs, queue
      entries and campaign contacts point at them again; the kept contact gets back its values from before the merge.
      Audited as contact.merge_undo. Answers \`{ merge_id, primary_id, restored_ids }\`.`,
  },
  responses: {
    POST: {
      "409": prose`Already undone, older than 30 days, the kept contact is gone, or a removed contact's phone belongs to someone
        else now`,
    },
  },
};
