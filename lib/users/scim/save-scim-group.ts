import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { roleHasDepartment } from "@/lib/auth/permissions";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { publishRightsChanged } from "@/lib/events/publish-event";
import { applyPatch, type PatchOperation } from "./apply-patch";
import { defaultDepartment } from "./default-department";
import { ScimFailure } from "./scim-failure";
import { readScimGroup, type ScimGroupInput } from "./scim-group-input";
import { PATCH_SCHEMA, scimGroupSelect, toScimGroup } from "./scim-resources";

/**
 * A group's members are the department's agents and managers, and a person
 * is in one department: a member added joins it (leaving their last one), a
 * member removed goes to the department new people join. Admins have no
 * department and are not members of any group: naming one is refused, saying
 * so (issue 63: a 200 that changed nothing left the directory believing it had).
 */
async function setMembers(actor: SessionUser, departmentId: number, before: number[], input: ScimGroupInput) {
  const members = input.memberIds.length
    ? await prisma.user.findMany({ where: { id: { in: input.memberIds }, organization_id: actor.organization_id, scim_deleted_at: null }, select: { id: true, role: true } })
    : [];
  const unknown = input.memberIds.filter((id) => !members.some((m) => m.id === id));
  if (unknown.length) throw new ScimFailure(400, `No user has the id ${unknown[0]}.`, "invalidValue");
  const departmentless = members.find((m) => !roleHasDepartment(m.role));
  if (departmentless) throw new ScimFailure(400, `User ${departmentless.id} is an administrator (${departmentless.role}): administrators belong to no department, so to no group.`, "invalidValue");
  const joining = members
    .filter((m) => roleHasDepartment(m.role))
    .map((m) => m.id)
    .filter((id) => !before.includes(id));
  const leaving = before.filter((id) => !input.memberIds.includes(id));
  const fallback = leaving.length ? await defaultDepartment(actor.organization_id) : departmentId;
  if (leaving.length && fallback === departmentId) throw new ScimFailure(400, "Members cannot leave the department new people join: add them to another group instead.", "mutability");
  await prisma.$transaction([
    prisma.user.updateMany({ where: { id: { in: joining }, organization_id: actor.organization_id }, data: { department_id: departmentId } }),
    prisma.user.updateMany({ where: { id: { in: leaving }, organization_id: actor.organization_id }, data: { department_id: fallback } }),
  ]);
  // Whoever moved sees their new department's queue and records at once (their streams reconnect with the rights read again).
  if (joining.length + leaving.length) await publishRightsChanged([...joining, ...leaving]);
  return { joined: joining, left: leaving };
}

/** POST /scim/v2/Groups: a department, with its first members. */
export async function createScimGroup({ actor, resource }: { actor: SessionUser; resource: unknown }) {
  const input = readScimGroup(resource);
  const taken = await prisma.department.findFirst({ where: { organization_id: actor.organization_id, name: { equals: input.name, mode: "insensitive" } }, select: { id: true } });
  if (taken) throw new ScimFailure(409, `A group named ${input.name} exists.`, "uniqueness");
  const department = await prisma.department.create({ data: { organization_id: actor.organization_id, name: input.name, scim_external_id: input.externalId }, select: { id: true } });
  const moved = await setMembers(actor, department.id, [], input);
  await writeAuditLog(prisma, {
    organization_id: actor.organization_id,
    department_id: department.id,
    user_id: actor.id,
    action: "department.provisioned",
    subject_type: "department",
    subject_id: department.id,
    details: { name: input.name, ...moved },
  });
  return toScimGroup(await prisma.department.findUniqueOrThrow({ where: { id: department.id }, select: scimGroupSelect }));
}

/** PUT (the whole group) or PATCH (operations on it, RFC 7644 §3.5.2). */
export async function updateScimGroup({ actor, id, replace, patch }: { actor: SessionUser; id: number | null; replace?: unknown; patch?: unknown }) {
  const current = id ? await prisma.department.findFirst({ where: { id, organization_id: actor.organization_id }, select: scimGroupSelect }) : null;
  if (!current) throw new ScimFailure(404, "No such group.");
  let resource = replace;
  if (patch !== undefined) {
    const body = patch as { schemas?: unknown; Operations?: unknown };
    if (!Array.isArray(body?.schemas) || !body.schemas.includes(PATCH_SCHEMA) || !Array.isArray(body.Operations))
      throw new ScimFailure(400, `A PATCH body is a PatchOp: { schemas: ["${PATCH_SCHEMA}"], Operations: [...] }.`, "invalidSyntax");
    resource = applyPatch(toScimGroup(current), body.Operations as PatchOperation[], ["members"], { readOnly: ["id", "meta"] });
  }
  const input = readScimGroup(resource);
  if (input.name.toLowerCase() !== current.name.toLowerCase()) {
    const taken = await prisma.department.findFirst({
      where: { organization_id: actor.organization_id, name: { equals: input.name, mode: "insensitive" }, id: { not: current.id } },
      select: { id: true },
    });
    if (taken) throw new ScimFailure(409, `A group named ${input.name} exists.`, "uniqueness");
  }
  // Members first: a member the group cannot have refuses the whole request before anything changes.
  const moved = await setMembers(
    actor,
    current.id,
    current.users.map((u) => u.id),
    input,
  );
  await prisma.department.update({ where: { id: current.id }, data: { name: input.name, scim_external_id: input.externalId } });
  await writeAuditLog(prisma, {
    organization_id: actor.organization_id,
    department_id: current.id,
    user_id: actor.id,
    action: "department.provisioning_updated",
    subject_type: "department",
    subject_id: current.id,
    details: { name: input.name, ...moved },
  });
  return toScimGroup(await prisma.department.findUniqueOrThrow({ where: { id: current.id }, select: scimGroupSelect }));
}

/**
 * DELETE /scim/v2/Groups/{id}: a department that holds nothing goes; one that
 * still has people, contacts, calls or campaigns stays (409): its records are
 * not the directory's to delete.
 */
export async function deleteScimGroup({ actor, id }: { actor: SessionUser; id: number | null }): Promise<void> {
  const department = id
    ? await prisma.department.findFirst({
        where: { id, organization_id: actor.organization_id },
        select: { id: true, name: true, _count: { select: { users: true, contacts: true, call_logs: true, campaigns: true } } },
      })
    : null;
  if (!department) throw new ScimFailure(404, "No such group.");
  if (Object.values(department._count).some((n) => n > 0)) throw new ScimFailure(409, `${department.name} still has people, contacts, calls or campaigns: it stays. Move them first.`, "mutability");
  await prisma.department.delete({ where: { id: department.id } });
  await writeAuditLog(prisma, {
    organization_id: actor.organization_id,
    department_id: null,
    user_id: actor.id,
    action: "department.deprovisioned",
    subject_type: "department",
    subject_id: department.id,
    details: { name: department.name },
  });
}
