import { z } from "zod";
import { bigId } from "@/lib/http/params";
import { id, pageMeta, timestamp } from "@/lib/http/answer-schemas";
import { paginationSchema } from "@/lib/http/pagination";

/** What makes a group: the same phone, the same email, or similar names. */
export const DUPLICATE_REASONS = ["phone", "email", "name"] as const;

export const findDuplicatesQuery = paginationSchema.extend({
  reason: z.enum(DUPLICATE_REASONS).optional(),
  /** Only groups whose phone, email or name contains this text. */
  q: z.string().trim().max(255).optional(),
});

// Merges, dismissals and the automatic merge change contacts for good: a key they do not know is refused (422), never ignored.
export const mergeContactsSchema = z
  .strictObject({
    primary_id: bigId,
    duplicate_ids: z.array(bigId).min(1, "Choose at least one duplicate.").max(50),
    merge_tags: z.boolean().default(true),
    merge_notes: z.boolean().default(true),
    merge_call_history: z.boolean().default(true),
  })
  .refine((v) => !v.duplicate_ids.includes(v.primary_id), { path: ["duplicate_ids"], message: "The primary contact cannot also be a duplicate." });

export type MergeContactsInput = z.infer<typeof mergeContactsSchema>;

/** POST /api/contacts/duplicates/auto-merge: an empty body merges. */
export const autoMergeSchema = z.strictObject({
  /** Report what the automatic merge would do, and merge nothing. */
  dry_run: z.boolean().optional(),
});

/** POST /api/contacts/duplicates/dismiss: these contacts are not the same person, pairwise, for good. */
export const dismissDuplicatesSchema = z.strictObject({
  contact_ids: z
    .array(bigId)
    .min(2, "Name at least two contacts.")
    .max(20)
    .refine((ids) => new Set(ids).size === ids.length, "Each contact may be named once."),
});

/** Why two contacts of a group look like one person: the evidence shown beside the group. */
const pairSignalsAnswer = z.object({
  contact_ids: z.tuple([id, id]),
  same_email: z.boolean(),
  same_company: z.boolean(),
  same_phone_digits: z.boolean().meta({ description: "The last 8 digits of the phones match (the same line written two ways)" }),
  name_similarity: z.number().min(0).max(1).meta({ description: "pg_trgm similarity of the names" }),
});

const groupContactAnswer = z.object({
  id,
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  tags: z.array(z.string()),
  department_id: z.number().int(),
  total_calls: z.number().int(),
  last_called_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

/** GET /api/contacts/duplicates (find-duplicates.ts returns exactly this). */
export const duplicateGroupPageAnswer = z.object({
  data: z.array(
    z.object({
      reason: z.enum(DUPLICATE_REASONS),
      key: z.string(),
      contact_ids: z.array(id),
      signals: z.array(pairSignalsAnswer),
      contacts: z.array(groupContactAnswer),
    }),
  ),
  meta: pageMeta.extend({ complete: z.boolean().meta({ description: "false when the similar-name comparison ran out of its time budget (q narrows it)" }) }),
});

/** POST /api/contacts/duplicates/dismiss: the pairs now known not to be one person. */
export const dismissedDuplicatesAnswer = z.object({
  dismissed_pairs: z.number().int(),
  contact_ids: z.array(id),
});

/** POST /api/contacts/duplicates/auto-merge (auto-merge-duplicates.ts): what was merged, or would be on a dry run. */
export const autoMergeAnswer = z.object({
  dry_run: z.boolean(),
  conflict_rule: z.enum(["keep_newest", "keep_oldest"]).meta({ description: "Which contact of a group is kept" }),
  groups_merged: z.number().int(),
  contacts_removed: z.number().int(),
  merged: z.array(
    z.object({
      primary_id: id,
      merged_ids: z.array(id),
      merge_id: id.optional().meta({ description: "Undo it with POST /api/contacts/merges/{id}/undo (absent on a dry run)" }),
      reason: z.enum(DUPLICATE_REASONS),
    }),
  ),
  skipped: z.array(z.object({ contact_ids: z.array(id), reason: z.string() })).meta({ description: "Groups that could not merge (a member in an active campaign), with why" }),
  complete: z.boolean().meta({ description: "false when similar names could not all be compared in time" }),
});

/** A merge of the last days (GET /api/contacts/merges, undo-merge.ts). */
export const mergeListAnswer = z.object({
  data: z.array(
    z.object({
      id,
      primary: z.object({ id, name: z.string() }),
      removed: z.array(z.object({ id, name: z.string(), phone: z.string() })),
      mode: z.enum(["manual", "automatic"]),
      merged_by_user_id: id.nullable(),
      created_at: timestamp,
      undone_at: timestamp.nullable(),
      undo_until: timestamp,
    }),
  ),
});

/** POST /api/contacts/merges/{id}/undo: the removed contacts are back. */
export const undoneMergeAnswer = z.object({ merge_id: id, primary_id: id, restored_ids: z.array(id) });
