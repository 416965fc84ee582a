import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Messages",
  summary: { GET: "The organization's saved replies", POST: "Save a reply (managers and admins)" },
  description: {
    POST: prose`Placeholders: {{name}}, {{first_name}}, {{last_name}}, {{company}}, {{email}}, {{phone}} and any custom field by
      its key; one with no value for the contact becomes empty.`,
  },
  responses: { POST: { "409": "A template with this name exists" } },
};
