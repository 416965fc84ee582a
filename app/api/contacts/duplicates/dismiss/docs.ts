import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: { POST: "Not a duplicate: these contacts are different people, for good" },
  description: {
    POST: prose`Every pair of contact_ids (2–20, all in the caller's scope, else 404) is stored: detection never offers them
      together again and automatic merging leaves them apart. Audited as contact.duplicate_dismiss. Answers \`{
      dismissed_pairs, contact_ids }\`.`,
  },
  responses: { POST: { "404": "A contact is not in the caller's reach" } },
};
