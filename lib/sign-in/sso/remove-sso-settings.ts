import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { writeAuditLog } from "@/lib/audit/write-audit-log";

/** Turns single sign-on off for good: its domains are free again, and password sign-in works for everyone. */
export async function removeSsoSettings({ actor }: { actor: SessionUser }): Promise<void> {
  const removed = await prisma.ssoConnection.deleteMany({ where: { organization_id: actor.organization_id } });
  if (removed.count === 0) throw AppError.notFound();
  await writeAuditLog(prisma, {
    organization_id: actor.organization_id,
    department_id: null,
    user_id: actor.id,
    action: "settings.sso_removed",
    subject_type: "organization",
    subject_id: actor.organization_id,
    details: {},
  });
}
