import "server-only";
import { organizationScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { writeAuditLog } from "@/lib/audit/write-audit-log";

/**
 * A super admin takes an organization's claim on a domain away, pending or
 * verified: a claim that was never the organization's (one verified before
 * claims had to be proved, a domain that changed hands). Its people of that
 * domain no longer sign in through its provider, and another organization
 * may prove the domain. Audited in that organization's log as
 * settings.sso_domain_revoked.
 */
export async function revokeSsoDomain({ actor, organizationId, domain }: { actor: SessionUser; organizationId: number; domain: string }): Promise<void> {
  const where = { domain, connection: { AND: [{ organization_id: organizationId }, organizationScope(actor)] } };
  await prisma.$transaction(async (tx) => {
    const claim = await tx.ssoDomain.findFirst({ where, select: { verified_at: true } });
    const removed = await tx.ssoDomain.deleteMany({ where });
    if (!claim || removed.count === 0) throw AppError.notFound();
    await writeAuditLog(tx, {
      organization_id: organizationId,
      department_id: null,
      user_id: actor.id,
      action: "settings.sso_domain_revoked",
      subject_type: "organization",
      subject_id: organizationId,
      details: { domain, was_verified: Boolean(claim.verified_at) },
    });
  });
}
