import { z } from "zod";

/** POST /api/contacts/bulk-actions on chosen ids (bulk-contact-action.ts); a filter answers 202 with an operation instead. */
export const bulkActionAnswer = z.object({
  action: z.enum(["add_tags", "remove_tags", "archive", "restore", "opt_out"]),
  requested: z.number().int().meta({ description: "Ids given" }),
  updated: z.number().int().meta({ description: "Contacts changed (an id out of reach, or already so, is not)" }),
});
