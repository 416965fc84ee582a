import "server-only";
import { inBackground } from "@/lib/db/background-work";
import { ifAdvisoryLockFree } from "@/lib/db/advisory-lock";
import { runSql } from "@/lib/db/run-sql";
import { logger } from "@/lib/logger";

// The one scheduler of the work each organization gets once a day (the
// contacts' retention, the recordings' retention; issue 62, point 3): every
// server process checks hourly, a session advisory lock lets one of them
// work, and the organization's last audit entry of the job's run says whether
// a day has passed, so a restart neither repeats nor skips a day.

const CHECK_EVERY_MS = 60 * 60 * 1000;
const RUN_EVERY_MS = 24 * 60 * 60 * 1000;

export interface DailyOrganizationJob {
  /** For the logs: "retention run", "recording retention run". */
  name: string;
  /** The advisory lock only one process holds while it works. */
  lockKey: number;
  /** The organizations' setting (`settings.key`) that turns the job on… */
  settingKey: string;
  /** …when this says so of its value. */
  enabled: (value: unknown) => boolean;
  /** The audit action each run writes (the run's own business): its last date is the last run. */
  auditAction: string;
  /** One organization's run; what it answers is logged. */
  run: (organizationId: number) => Promise<Record<string, unknown>>;
}

/** Start-up: the job's hourly check in this process. */
export function scheduleDaily(job: DailyOrganizationJob): void {
  // Background work: on the embedded database its statements give way to requests' (lib/db/driver.ts).
  const timer = setInterval(() => void inBackground(() => runDueDaily(job)).catch((error) => logger.error(`${job.name} failed`, { error: String(error) })), CHECK_EVERY_MS);
  timer.unref();
}

/** Runs the job for every organization that has it on and whose last run is a day old or more. */
export async function runDueDaily(job: DailyOrganizationJob): Promise<void> {
  // One process at a time; the others find the lock taken and skip this round.
  await ifAdvisoryLockFree(job.lockKey, async () => {
    const settings = await runSql().rows<{ organization_id: number; value: unknown; last_run: Date | null }>(
      `SELECT s.organization_id, s.value,
              (SELECT max(a.created_at) FROM audit_logs a WHERE a.organization_id = s.organization_id AND a.action = $2) AS last_run
       FROM settings s WHERE s.key = $1 ORDER BY s.organization_id`,
      [job.settingKey, job.auditAction],
    );
    for (const setting of settings) {
      if (!job.enabled(setting.value)) continue;
      if (setting.last_run && Date.now() - new Date(setting.last_run).getTime() < RUN_EVERY_MS) continue;
      const report = await job.run(setting.organization_id);
      logger.info(job.name, { organization_id: setting.organization_id, ...report });
    }
  });
}
