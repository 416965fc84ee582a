import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    PATCH: "Rename, reorder, mark as a success, archive or restore a disposition code",
    DELETE: "Delete a code no call names; a code in use is archived instead",
  },
  responses: { PATCH: { "409": "The organization already has a code of that name" } },
};
