import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { revokeToken, revokeUserTokens } from "@/lib/auth/tokens";
import { managedUserScope } from "@/lib/auth/scope";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

/**
 * The caller ends one of their own sessions (the one they are using too: that
 * is signing out). Another user's session, or one already ended, is 404.
 */
export async function endSession({ actor, sessionId }: { actor: SessionUser; sessionId: number }): Promise<void> {
  const session = await prisma.apiToken.findFirst({ where: { id: sessionId, user_id: actor.id, revoked_at: null }, select: { id: true, kind: true } });
  if (!session) throw AppError.notFound();
  await revokeToken(session.id);
  await writeAuditLog(prisma, {
    organization_id: actor.organization_id,
    department_id: actor.department_id,
    user_id: actor.id,
    action: "session.ended",
    subject_type: "user",
    subject_id: actor.id,
    details: { session_id: session.id, kind: session.kind },
  });
}

/**
 * An admin ends every session of a user of their organization at once: each
 * token is revoked, the user's pages sign out at their next request and their
 * event streams close in every server process.
 */
export async function endUserSessions({ actor, userId }: { actor: SessionUser; userId: number }): Promise<{ ended: number }> {
  const user = await prisma.user.findFirst({ where: { id: userId, ...managedUserScope(actor) }, select: { id: true, organization_id: true, department_id: true } });
  if (!user) throw AppError.notFound();
  const ended = await prisma.$transaction(async (tx) => {
    const open = await tx.apiToken.count({ where: { user_id: userId, revoked_at: null, expires_at: { gt: new Date() } } });
    await revokeUserTokens(userId, tx);
    await writeAuditLog(tx, {
      organization_id: user.organization_id,
      department_id: user.department_id,
      user_id: actor.id,
      action: "user.sessions.ended",
      subject_type: "user",
      subject_id: userId,
      details: { ended: open },
    });
    return open;
  });
  return { ended };
}
