import { z } from "zod";

// Shared by the settings routes and the admin settings pages.
export const importSettingsSchema = z.object({
  max_import_size: z.number().int().min(1).max(1_000_000),
  duplicate_handling: z.enum(["skip", "update", "ask"]),
  auto_tag: z.string().trim().min(1).max(100).nullable(),
  strictness: z.enum(["strict", "lenient"]),
  phone_formatting: z.boolean(),
  default_country: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code"),
});

export const duplicateSettingsSchema = z.object({
  fuzzy_name_threshold: z.number().int().min(0).max(100),
  email_matching: z.boolean(),
  merge_behavior: z.enum(["automatic", "manual"]),
  conflict_rule: z.enum(["keep_newest", "keep_oldest"]),
});

export const retentionSettingsSchema = z.object({
  inactive_contact_days: z.number().int().min(1).max(36_500).nullable(),
  keep_opted_out: z.boolean(),
});

/** POST /api/settings/retention/run: an empty body runs the policy. */
export const retentionRunSchema = z.object({
  /** Report what a run would remove, and remove nothing. */
  dry_run: z.boolean().optional(),
});

export const SETTINGS_SCHEMAS = {
  import: importSettingsSchema,
  duplicates: duplicateSettingsSchema,
  retention: retentionSettingsSchema,
} as const;

export type SettingsKey = keyof typeof SETTINGS_SCHEMAS;
export type SettingsValue<K extends SettingsKey> = z.infer<(typeof SETTINGS_SCHEMAS)[K]>;
