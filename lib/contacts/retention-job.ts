import "server-only";
import type { DailyOrganizationJob } from "@/lib/jobs/daily-organization-job";
import { runRetention } from "./run-retention";

/** Each organization's contact retention (settings → retention, inactive_contact_days), once a day. */
export const contactRetentionJob: DailyOrganizationJob = {
  name: "retention run",
  lockKey: 72707371,
  settingKey: "retention",
  enabled: (value) => Boolean((value as { inactive_contact_days?: number | null }).inactive_contact_days),
  auditAction: "retention.run",
  run: async (organizationId) => {
    const { removed } = await runRetention({ organizationId, userId: null });
    return { removed };
  },
};
