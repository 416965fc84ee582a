import { z } from "zod";
import { bigId } from "@/lib/http/params";
import { paginationSchema } from "@/lib/http/pagination";

export const findDuplicatesQuery = paginationSchema.extend({
  reason: z.enum(["phone", "email", "name"]).optional(),
  /** Only groups whose phone, email or name contains this text. */
  q: z.string().trim().max(255).optional(),
});

export const mergeContactsSchema = z
  .object({
    primary_id: bigId,
    duplicate_ids: z.array(bigId).min(1, "Choose at least one duplicate.").max(50),
    merge_tags: z.boolean().default(true),
    merge_notes: z.boolean().default(true),
    merge_call_history: z.boolean().default(true),
  })
  .refine((v) => !v.duplicate_ids.includes(v.primary_id), { path: ["duplicate_ids"], message: "The primary contact cannot also be a duplicate." });

export type MergeContactsInput = z.infer<typeof mergeContactsSchema>;

/** POST /api/contacts/duplicates/auto-merge: an empty body merges. */
export const autoMergeSchema = z.object({
  /** Report what the automatic merge would do, and merge nothing. */
  dry_run: z.boolean().optional(),
});

/** POST /api/contacts/duplicates/dismiss: these contacts are not the same person, pairwise, for good. */
export const dismissDuplicatesSchema = z.object({
  contact_ids: z
    .array(bigId)
    .min(2, "Name at least two contacts.")
    .max(20)
    .refine((ids) => new Set(ids).size === ids.length, "Each contact may be named once."),
});
