import "server-only";
import { inBackground } from "@/lib/db/background-work";
import { ifAdvisoryLockFree } from "@/lib/db/advisory-lock";
import { prisma } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { runRecordingRetention } from "./run-recording-retention";

const CHECK_EVERY_MS = 60 * 60 * 1000;
const RUN_EVERY_MS = 24 * 60 * 60 * 1000;
const LOCK_KEY = 72707372;

/**
 * Each organization's recording retention, once a day: every server process
 * checks hourly, an advisory lock lets one of them work, and the last
 * "recordings.retention_run" audit entry says whether a day has passed (as
 * the contacts' retention does, lib/contacts/schedule-retention.ts).
 */
export function scheduleRecordingRetention(): void {
  const timer = setInterval(() => void inBackground(runDueRecordingRetention).catch((error) => logger.error("recording retention failed", { error: String(error) })), CHECK_EVERY_MS);
  timer.unref();
}

export async function runDueRecordingRetention(): Promise<void> {
  await ifAdvisoryLockFree(LOCK_KEY, async () => {
    const settings = await prisma.setting.findMany({ where: { key: "calls" }, select: { organization_id: true, value: true } });
    for (const setting of settings) {
      if (!(setting.value as { recording_retention_days?: number | null }).recording_retention_days) continue;
      const last = await prisma.auditLog.findFirst({ where: { organization_id: setting.organization_id, action: "recordings.retention_run" }, orderBy: { created_at: "desc" }, select: { created_at: true } });
      if (last && Date.now() - last.created_at.getTime() < RUN_EVERY_MS) continue;
      const report = await runRecordingRetention({ organizationId: setting.organization_id, userId: null });
      logger.info("recording retention run", { organization_id: setting.organization_id, ...report });
    }
  });
}
