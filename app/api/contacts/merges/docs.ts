import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: { GET: prose`Merges of the last 30 days in the caller's scope, newest first, with whether each was undone` },
  description: {
    GET: prose`\`{ data: [{ id, primary: {id, name}, removed: [{id, name, phone}], mode, merged_by_user_id, created_at,
      undone_at, undo_until }] }\`, at most 50.`,
  },
};
