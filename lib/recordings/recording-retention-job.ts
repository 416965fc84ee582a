import "server-only";
import type { DailyOrganizationJob } from "@/lib/jobs/daily-organization-job";
import { runRecordingRetention } from "./run-recording-retention";

/** Each organization's recording retention (settings → calls, recording_retention_days), once a day. */
export const recordingRetentionJob: DailyOrganizationJob = {
  name: "recording retention run",
  lockKey: 72707372,
  settingKey: "calls",
  enabled: (value) => Boolean((value as { recording_retention_days?: number | null }).recording_retention_days),
  auditAction: "recordings.retention_run",
  run: async (organizationId) => ({ ...(await runRecordingRetention({ organizationId, userId: null })) }),
};
