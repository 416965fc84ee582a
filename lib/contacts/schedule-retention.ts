import "server-only";
import { inBackground } from "@/lib/db/background-work";
import { prisma } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { runRetention } from "./run-retention";
import { ifAdvisoryLockFree } from "@/lib/db/advisory-lock";

const CHECK_EVERY_MS = 60 * 60 * 1000;
const RUN_EVERY_MS = 24 * 60 * 60 * 1000;
const LOCK_KEY = 72707371;

/**
 * Runs each organization's retention policy once a day. Every server process
 * checks hourly; a session advisory lock lets one of them do the work, and the
 * last "retention.run" audit entry tells whether a day has passed.
 */
export function scheduleRetention(): void {
  // Background work: on the embedded database its statements give way to requests' (lib/db/driver.ts).
  const timer = setInterval(() => void inBackground(runDueRetention).catch((error) => logger.error("retention run failed", { error: String(error) })), CHECK_EVERY_MS);
  timer.unref();
}

export async function runDueRetention(): Promise<void> {
  // One process at a time; the others find the lock taken and skip this round.
  await ifAdvisoryLockFree(LOCK_KEY, async () => {
    const enabled = await prisma.setting.findMany({ where: { key: "retention" }, select: { organization_id: true, value: true } });
    for (const setting of enabled) {
      if (!(setting.value as { inactive_contact_days?: number | null }).inactive_contact_days) continue;
      const last = await prisma.auditLog.findFirst({
        where: { organization_id: setting.organization_id, action: "retention.run" },
        orderBy: { created_at: "desc" },
        select: { created_at: true },
      });
      if (last && Date.now() - last.created_at.getTime() < RUN_EVERY_MS) continue;
      const result = await runRetention({ organizationId: setting.organization_id, userId: null });
      logger.info("retention run", { organization_id: setting.organization_id, removed: result.removed });
    }
  });
}
