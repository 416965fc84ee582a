import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { revokeUserTokens } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db/client";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { returnUnconnectedCalls } from "@/lib/agents/return-unconnected-calls";
import { ScimFailure } from "./scim-failure";
import { directoryUsers } from "./scim-users";
import { refuseLastAccountAdmin } from "./directory-limits";

/**
 * DELETE /scim/v2/Users/{id}: the person is deactivated and signed out
 * everywhere, and gone for SCIM (404 from now on, RFC 7644 §3.6); the user
 * record stays, as their calls, texts and contacts point at it. Never the
 * organization's last active account admin (409).
 */
export async function deleteScimUser({ actor, id }: { actor: SessionUser; id: number | null }): Promise<void> {
  const user = id ? await prisma.user.findFirst({ where: { id, ...directoryUsers(actor) }, select: { id: true, email: true, department_id: true, active: true } }) : null;
  if (!user) throw new ScimFailure(404, "No such user.");
  await prisma.$transaction(async (tx) => {
    if (user.active) await refuseLastAccountAdmin(tx, actor, user.id);
    await tx.user.update({ where: { id: user.id }, data: { active: false, scim_deleted_at: new Date() } });
    await revokeUserTokens(user.id, tx);
    await writeAuditLog(tx, {
      organization_id: actor.organization_id,
      department_id: user.department_id,
      user_id: actor.id,
      action: "user.deprovisioned",
      subject_type: "user",
      subject_id: user.id,
      details: { email: user.email, deleted: true },
    });
  });
  await returnUnconnectedCalls({ userId: user.id, reason: "revoked" });
}
