import { LIST_NOTE, type RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: { GET: "Audit entries: merges, tag renames and merges, field deletions, retention runs, exports" },
  description: {
    GET: prose`Newest first. An account admin reads the organization's entries; a department manager the entries about their
      department (merges of its contacts, their own exports and tag renames); organization-wide entries stay with the
      account admins. ${LIST_NOTE}`,
  },
};
