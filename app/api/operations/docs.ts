import { LIST_NOTE, type RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: {
    GET: prose`Long operations over many contacts (tag renames and merges, field erasures, bulk actions by filter) in the
      caller's scope, newest first`,
  },
  description: { GET: prose`Filter by \`status\` (queued, running, completed, failed). ${LIST_NOTE}` },
};
