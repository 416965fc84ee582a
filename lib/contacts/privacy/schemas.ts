import { z } from "zod";

/**
 * POST /api/contacts/{id}/erase: said in words, never implied by an empty
 * body (issue 59, point 6): `dry_run: true` reports what an erasure would
 * reach, `dry_run: false` erases.
 */
export const eraseContactSchema = z.object({
  dry_run: z.boolean({ error: (issue) => (issue.input === undefined ? "is required: true reports what an erasure would reach, false erases the person." : "must be true or false.") }),
});

export const erasurePreviewAnswer = z.object({
  dry_run: z.literal(true),
  contact_id: z.string(),
  calls: z.number().int().meta({ description: "Calls of the person's numbers or contact, whose logs, notes and events go" }),
  recordings: z.number().int().meta({ description: "Recordings deleted here and at the provider" }),
  phones: z.number().int(),
  emails: z.number().int(),
  erasable: z.boolean().meta({ description: "false while a legal hold or a call in progress keeps the records (the erasure would answer 409)" }),
});
