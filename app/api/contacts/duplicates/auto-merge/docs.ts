import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: { POST: "Merge every duplicate group by the configured conflict rule (keep newest or keep oldest)" },
  description: {
    POST: prose`Only when merge_behavior is automatic (409 otherwise). With automatic on, the same merge also runs after every
      import, as the importing user; the import reports totals.auto_merged. \`{"dry_run": true}\` performs each merge
      and rolls it back: it answers what a run would merge and skip, and changes nothing. The answer: \`{ dry_run,
      conflict_rule, groups_merged, contacts_removed, merged: [{primary_id, merged_ids, reason}], skipped:
      [{contact_ids, reason}], complete }\`.`,
  },
  responses: { POST: { "409": "Automatic merging is off" } },
};
