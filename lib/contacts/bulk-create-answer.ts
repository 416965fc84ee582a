import { z } from "zod";

/** POST /api/contacts/bulk (bulk-create-contacts.ts): how many were created, and each failure by its index. */
export const bulkCreateAnswer = z.object({
  created: z.number().int(),
  failed: z.number().int(),
  errors: z.array(
    z.object({
      index: z.number().int().meta({ description: "The item's place in the request's array, from 0" }),
      errors: z.record(z.string(), z.array(z.string())).meta({ description: "The contract's field errors" }),
      duplicate_id: z.number().int().optional().meta({ description: "A duplicate phone: the contact that holds it" }),
    }),
  ),
});
export type BulkCreateAnswer = z.output<typeof bulkCreateAnswer>;
