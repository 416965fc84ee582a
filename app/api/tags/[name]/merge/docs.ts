import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: { POST: "Fold a tag into another" },
  description: {
    POST: prose`Up to 2,000 contacts it is done inside the request (200, the result); more, or with the header \`Prefer:
      respond-async\`, it runs as an operation: 202 \`{ operation }\` with a Location to follow (GET
      /api/operations/{id}), whose result is the same object.`,
  },
  responses: { POST: { "202": "Running as an operation", "409": "This tag is being changed by an operation already" } },
};
