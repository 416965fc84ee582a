import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: {
    GET: "One contact with its call history and the custom fields the caller may see",
    PUT: "Update a contact",
    DELETE: "Archive a contact, or remove it with permanent=true",
  },
  description: {
    GET: prose`call_history is newest first, paged by history_page and history_per_page (default 50), with its total.`,
    DELETE: prose`Archived contacts leave the default list and can be restored; permanent=true deletes the contact and keeps its
      call logs with contact_id null.`,
  },
  responses: {
    PUT: { "409": "The phone already belongs to another contact (duplicate_id)" },
    DELETE: { "409": "The contact is in an active campaign" },
  },
};
