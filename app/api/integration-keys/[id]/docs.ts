import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: { DELETE: "Revoke an integration key: its next request is 401 (revoking again changes nothing)" },
};
