import "server-only";
import { managedUserScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { revokeUserTokens } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db/client";
import { returnUnconnectedCalls } from "@/lib/agents/return-unconnected-calls";
import { AppError } from "@/lib/errors/app-error";
import { checkAssignment } from "./check-assignment";

/** DELETE keeps the user (their calls and contacts point at them) but locks them out. */
export async function deactivateUser({ actor, id }: { actor: SessionUser; id: number }): Promise<void> {
  if (id === actor.id) throw AppError.validation({ id: ["You cannot deactivate yourself."] });
  const scope = managedUserScope(actor);
  await prisma.$transaction(async (tx) => {
    const current = await tx.user.findFirst({ where: { id, ...scope }, select: { role: true, organization_id: true, department_id: true } });
    if (!current) throw AppError.notFound();
    await checkAssignment(tx, actor, current);
    await tx.user.updateMany({ where: { id, ...scope }, data: { active: false } });
    await revokeUserTokens(id, tx);
  });
  // A call they accepted but never joined must not wait for a device that is gone.
  await returnUnconnectedCalls({ userId: id, reason: "revoked" });
}
