import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { managedUserScope } from "@/lib/auth/scope";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { auditSignIn } from "@/lib/audit/audit-sign-in";

/**
 * An admin resets a user's second factor (a lost phone and no recovery
 * codes): the authenticator and codes are gone, and where the organization
 * requires a factor the user sets up a new one at their next sign-in.
 */
export async function resetUserTwoFactor({ actor, userId }: { actor: SessionUser; userId: number }): Promise<void> {
  const user = await prisma.user.findFirst({ where: { id: userId, ...managedUserScope(actor) }, select: { id: true, organization_id: true, department_id: true } });
  if (!user) throw AppError.notFound();
  const removed = await prisma.$transaction(async (tx) => {
    const { count } = await tx.userFactor.deleteMany({ where: { user_id: userId } });
    await tx.recoveryCode.deleteMany({ where: { user_id: userId } });
    return count;
  });
  await auditSignIn(user, "user.two_factor_reset", { factors_removed: removed }, actor.id);
}
