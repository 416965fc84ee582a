import { z } from "zod";
import { id } from "@/lib/http/answer-schemas";

/** POST /api/settings/retention/run (run-retention.ts): what the policy removed, or would remove on a dry run. */
export const retentionRunAnswer = z.object({
  enabled: z.boolean().meta({ description: "false: the organization has no retention policy, and nothing was removed" }),
  dry_run: z.boolean(),
  inactive_contact_days: z.number().int().optional(),
  keep_opted_out: z.boolean().optional(),
  removed: z.number().int().meta({ description: "Contacts removed (a dry run: that would be)" }),
  contacts: z.array(z.object({ id, name: z.string(), phone: z.string() })).meta({ description: "The first 1,000 of them by id" }),
  contacts_truncated: z.boolean(),
});
