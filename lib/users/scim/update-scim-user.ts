import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { hashPassword } from "@/lib/auth/password";
import { revokeUserTokens } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db/client";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { returnUnconnectedCalls } from "@/lib/agents/return-unconnected-calls";
import { publishRightsChanged } from "@/lib/events/publish-event";
import { applyPatch, type PatchOperation } from "./apply-patch";
import { refuseDirectoryPassword, refuseLastAccountAdmin } from "./directory-limits";
import { ScimFailure } from "./scim-failure";
import { PATCH_SCHEMA, scimUserSelect, toScimUser } from "./scim-resources";
import { readScimUser } from "./scim-user-input";
import { directoryUsers } from "./scim-users";
import { ENTERPRISE_USER_SCHEMA } from "./directory-profile";
import { directoryDepartment } from "./directory-department";
import { roleHasDepartment } from "@/lib/auth/permissions";

/**
 * PUT (the whole resource) or PATCH (operations on it) of a user: the result
 * is read as a resource and stored. Deactivation (active false) and a new
 * password sign the person out everywhere at once, as PATCH /api/users/{id}
 * does: every token revoked, their event streams closed in every process,
 * calls offered to them handed back.
 */
export async function updateScimUser({ actor, id, replace, patch }: { actor: SessionUser; id: number | null; replace?: unknown; patch?: unknown }) {
  const current = id ? await prisma.user.findFirst({ where: { id, ...directoryUsers(actor) }, select: scimUserSelect }) : null;
  if (!current) throw new ScimFailure(404, "No such user.");
  let resource = replace;
  if (patch !== undefined) {
    const body = patch as { schemas?: unknown; Operations?: unknown };
    if (!Array.isArray(body?.schemas) || !body.schemas.includes(PATCH_SCHEMA) || !Array.isArray(body.Operations))
      throw new ScimFailure(400, `A PATCH body is a PatchOp: { schemas: ["${PATCH_SCHEMA}"], Operations: [...] }.`, "invalidSyntax");
    // id, meta and groups are read-only (RFC 7643 §4.1: a person's groups change through the group); the enterprise extension is the User's own.
    resource = applyPatch(toScimUser(current), body.Operations as PatchOperation[], ["emails", "groups"], { readOnly: ["id", "meta", "groups"], extensions: [ENTERPRISE_USER_SCHEMA] });
  }
  const input = readScimUser(resource);
  if (input.password) refuseDirectoryPassword(current.role);
  if (input.email !== current.email) {
    const taken = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
    if (taken) throw new ScimFailure(409, `A user with userName ${input.email} exists.`, "uniqueness");
  }
  const deactivated = current.active && !input.active;
  const named = roleHasDepartment(current.role) ? await directoryDepartment(actor.organization_id, input.profile) : null;
  const moved = named !== null && named !== current.department?.id;
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const signedOut = deactivated || passwordHash !== null;
  const user = await prisma.$transaction(async (tx) => {
    if (deactivated) await refuseLastAccountAdmin(tx, actor, current.id);
    const updated = await tx.user.update({
      where: { id: current.id },
      data: {
        email: input.email,
        name: input.name,
        active: input.active,
        scim_external_id: input.externalId,
        directory_profile: input.profile as object,
        ...(moved && { department_id: named }),
        ...(passwordHash && { password_hash: passwordHash }),
      },
      select: scimUserSelect,
    });
    if (signedOut) await revokeUserTokens(current.id, tx);
    // Moved by the directory's department: their streams reopen with the new department's rights, as a group's move does.
    else if (moved) await publishRightsChanged([current.id], tx);
    await writeAuditLog(tx, {
      organization_id: actor.organization_id,
      department_id: updated.department?.id ?? null,
      user_id: actor.id,
      action: deactivated ? "user.deprovisioned" : "user.provisioning_updated",
      subject_type: "user",
      subject_id: current.id,
      details: { email: input.email, active: input.active, external_id: input.externalId, password_changed: Boolean(input.password), ...(moved && { department_id: named }) },
    });
    return updated;
  });
  if (signedOut) await returnUnconnectedCalls({ userId: current.id, reason: "revoked" });
  return toScimUser(user);
}
