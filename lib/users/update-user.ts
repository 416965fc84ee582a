import "server-only";
import { hashPassword } from "@/lib/auth/password";
import { managedUserScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { revokeUserTokens } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db/client";
import { publishRightsChanged } from "@/lib/events/publish-event";
import { returnUnconnectedCalls } from "@/lib/agents/return-unconnected-calls";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors/app-error";
import { hasChanges } from "@/lib/http/patch-schema";
import { checkAssignment } from "./check-assignment";
import type { UpdateUserInput } from "./schemas";
import { serializeUser, userSelect } from "./serialize-user";

export async function updateUser({ actor, id, input }: { actor: SessionUser; id: number; input: UpdateUserInput }) {
  const scope = managedUserScope(actor);
  const saved = await prisma.$transaction(async (tx) => {
    const current = await tx.user.findFirst({ where: { id, ...scope }, select: userSelect });
    if (!current) throw AppError.notFound();
    if (id === actor.id && (input.role !== undefined || input.active === false)) {
      throw AppError.validation({ role: ["You cannot change your own role or deactivate yourself."] });
    }
    // The actor must be allowed to manage the user as they are and as they will be.
    await checkAssignment(tx, actor, current);
    const data: Prisma.UserUncheckedUpdateManyInput = {};
    if (input.name !== undefined) data.name = input.name;
    if (input.email !== undefined) data.email = input.email;
    if (input.active !== undefined) data.active = input.active;
    if (input.max_conversations !== undefined) data.max_conversations = input.max_conversations;
    if (input.password !== undefined) data.password_hash = await hashPassword(input.password);
    if (input.role !== undefined || input.department_id !== undefined) {
      const role = input.role ?? current.role;
      data.role = role;
      data.department_id = await checkAssignment(tx, actor, {
        role,
        organization_id: current.organization_id,
        department_id: input.department_id === undefined ? current.department_id : input.department_id,
      });
    }
    if (hasChanges(data) && (await tx.user.updateMany({ where: { id, ...scope }, data })).count === 0) throw AppError.notFound();
    const revoked = input.password !== undefined || input.active === false;
    if (revoked) await revokeUserTokens(id, tx);
    const updated = await tx.user.findFirstOrThrow({ where: { id }, select: userSelect });
    // What they may see changed: their open streams close and reopen with the new role or department (once committed).
    if (!revoked && (updated.role !== current.role || updated.department_id !== current.department_id)) await publishRightsChanged([id], tx);
    return serializeUser(updated);
  });
  // Revoked tokens end the user's sessions: a call they accepted but never joined goes back to the queue.
  if (input.password !== undefined || input.active === false) await returnUnconnectedCalls({ userId: id, reason: "revoked" });
  return saved;
}
