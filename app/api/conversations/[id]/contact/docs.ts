import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Messages",
  summary: { POST: "Save the conversation's number as a new contact (name, email, company, notes, tags)" },
  responses: { POST: { "409": "The number already belongs to a contact (duplicate_id)" } },
};
