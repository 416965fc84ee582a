import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: {
    PATCH: "Change a field's label, options, required flag, visibility or order",
    DELETE: "Delete a field and erase its values on every contact (confirm=true required)",
  },
  description: {
    DELETE: prose`The definition goes at once. Up to 2,000 contacts holding a value it is done inside the request (200, the result);
      more, or with the header \`Prefer: respond-async\`, it runs as an operation: 202 \`{ operation }\` with a Location
      to follow (GET /api/operations/{id}), whose result is the same object. A new field of the same name is refused
      (409) until the erasure ends.`,
  },
  responses: { DELETE: { "202": "Erasing the values as an operation" } },
};
