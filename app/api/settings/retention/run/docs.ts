import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Settings",
  summary: { POST: "Run the retention job now and report what it removed" },
  description: {
    POST: prose`Deletes permanently the contacts with no call for \`inactive_contact_days\` (counted from the last call, or from
      creation for a contact never called); their call logs are kept, unlinked. Contacts in a running or paused campaign
      are kept, and so are opted-out contacts while \`keep_opted_out\` is on. \`dry_run\` is required: \`{"dry_run":
      false}\` runs the policy, \`{"dry_run": true}\` reports what a run would remove and removes nothing; a body
      without it, or with a key the route does not know (\`dryRun\`), is refused (422) and nothing runs. The answer: \`{
      enabled, dry_run, inactive_contact_days, keep_opted_out, removed, contacts: [{id, name, phone}],
      contacts_truncated }\`; \`removed\` is the whole count, \`contacts\` names the first 1,000 by id. A run (not a dry
      run) is written to the audit log. It also runs on its own once a day.`,
  },
};
