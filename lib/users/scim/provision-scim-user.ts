import "server-only";
import { randomBytes } from "node:crypto";
import type { SessionUser } from "@/lib/auth/session-user";
import { hashPassword } from "@/lib/auth/password";
import { directoryMaySetPassword, roleHasDepartment } from "@/lib/auth/permissions";
import { prisma } from "@/lib/db/client";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { refuseDirectoryPassword } from "./directory-limits";
import { ScimFailure } from "./scim-failure";
import { scimUserSelect, toScimUser } from "./scim-resources";
import { readScimUser } from "./scim-user-input";
import { defaultDepartment } from "./default-department";
import { directoryDepartment } from "./directory-department";
import { publishRightsChanged } from "@/lib/events/publish-event";

/**
 * POST /scim/v2/Users: the directory adds a person. They become an agent of
 * the department their directory department names (when the connection
 * follows it), else of the department new people join (single sign-on's
 * choice, else the organization's first), until a group membership moves them. An address
 * already in use is 409 uniqueness, unless it is a user this directory
 * deleted before: then they come back (with no password of the directory's
 * choosing when they are above an agent: 403).
 */
export async function provisionScimUser({ actor, resource }: { actor: SessionUser; resource: unknown }) {
  const input = readScimUser(resource);
  const existing = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true, organization_id: true, role: true, department_id: true, scim_deleted_at: true } });
  if (existing && !(existing.organization_id === actor.organization_id && existing.scim_deleted_at)) throw new ScimFailure(409, `A user with userName ${input.email} exists.`, "uniqueness");
  if (existing && input.password) refuseDirectoryPassword(existing.role);
  // Someone who comes back keeps their role; above an agent, their password stays their own (not even replaced by a random one).
  const keepsPassword = existing !== null && !directoryMaySetPassword(existing.role);
  const password_hash = await hashPassword(input.password ?? randomBytes(32).toString("base64url"));
  const fields = { email: input.email, name: input.name, active: input.active, scim_external_id: input.externalId, scim_deleted_at: null, directory_profile: input.profile as object };
  const named = await directoryDepartment(actor.organization_id, input.profile);
  const user = existing
    ? await prisma.user.update({
        where: { id: existing.id },
        data: { ...fields, ...(!keepsPassword && { password_hash }), ...(named && roleHasDepartment(existing.role) && { department_id: named }) },
        select: scimUserSelect,
      })
    : await prisma.user.create({
        data: { ...fields, password_hash, organization_id: actor.organization_id, role: "agent", department_id: named ?? (await defaultDepartment(actor.organization_id)) },
        select: scimUserSelect,
      });
  // One who comes back into another department: their streams reopen with its rights (a new user has none open).
  if (existing && user.department?.id !== existing.department_id) await publishRightsChanged([user.id]);
  await writeAuditLog(prisma, {
    organization_id: actor.organization_id,
    department_id: user.department?.id ?? null,
    user_id: actor.id,
    action: "user.provisioned",
    subject_type: "user",
    subject_id: user.id,
    details: { email: input.email, external_id: input.externalId, returned: Boolean(existing) },
  });
  return toScimUser(user);
}
