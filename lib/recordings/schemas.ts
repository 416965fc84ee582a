import { z } from "zod";

/** ?download=1: the recording as a file to keep (logged as a download, not a play). */
export const recordingQuery = z.object({ download: z.enum(["0", "1", "true", "false"]).optional() });
export const wantsDownload = (query: z.infer<typeof recordingQuery>) => query.download === "1" || query.download === "true";

/**
 * POST /api/settings/recordings/retention/run: `dry_run` is required, said in
 * words (issue 59, point 6): true says what would go, false deletes it here
 * and at the provider; `{}` or `{"dryRun": true}` deletes nothing (422).
 * `as_of` moves the run's "now": test servers only (SIMULATED_CLOCK=on).
 */
export const recordingRetentionRunSchema = z.object({
  dry_run: z.boolean({ error: (issue) => (issue.input === undefined ? "is required: true reports what a run would delete, false deletes it." : "must be true or false.") }),
  as_of: z.iso.datetime({ offset: true }).optional(),
});

export const recordingRetentionAnswer = z.object({
  enabled: z.boolean(),
  dry_run: z.boolean(),
  recording_retention_days: z.number().int().nullable(),
  deleted_calls: z.number().int(),
  deleted_voicemails: z.number().int(),
  kept_on_hold: z.number().int(),
  failed: z.number().int(),
});
