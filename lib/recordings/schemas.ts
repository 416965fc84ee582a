import { z } from "zod";

/** ?download=1: the recording as a file to keep (logged as a download, not a play). */
export const recordingQuery = z.object({ download: z.enum(["0", "1", "true", "false"]).optional() });
export const wantsDownload = (query: z.infer<typeof recordingQuery>) => query.download === "1" || query.download === "true";

/** POST /api/settings/recordings/retention/run: a dry run says what would go. `as_of` moves the run's "now": test servers only (SIMULATED_CLOCK=on). */
export const recordingRetentionRunSchema = z.object({ dry_run: z.boolean().default(false), as_of: z.iso.datetime({ offset: true }).optional() });

export const recordingRetentionAnswer = z.object({
  enabled: z.boolean(),
  dry_run: z.boolean(),
  recording_retention_days: z.number().int().nullable(),
  deleted_calls: z.number().int(),
  deleted_voicemails: z.number().int(),
  kept_on_hold: z.number().int(),
  failed: z.number().int(),
});
