import { z } from "zod";

// Shared by the routes and the Settings → Dispositions form.
const name = z.string().trim().min(1, "must not be empty.").max(80, "must be at most 80 characters.");

export const createDispositionSchema = z.object({
  name,
  /** The call reached its goal (a sale, an appointment): reports and campaigns count it as a success. */
  is_success: z.boolean().default(false),
  position: z.number().int().min(0).max(10_000).optional(),
});

export const updateDispositionSchema = z
  .object({ name: name.optional(), is_success: z.boolean().optional(), position: z.number().int().min(0).max(10_000).optional(), archived: z.boolean().optional() })
  .refine((input) => Object.keys(input).length > 0, { message: "Give at least one of name, is_success, position, archived." });

export const listDispositionsQuery = z.object({ include_archived: z.enum(["true", "false"]).optional() });

export type CreateDispositionInput = z.infer<typeof createDispositionSchema>;
