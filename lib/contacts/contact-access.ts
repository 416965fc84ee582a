import "server-only";
import { departmentScope, organizationScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";

/**
 * A contact the caller wants to act on. Outside their organization it does not
 * exist (404); inside it but outside their department it is refused (403), as
 * the contract says for records the role may not act on.
 */
export async function findContactForAction(db: Tx, actor: SessionUser, id: bigint) {
  const contact = await db.contact.findFirst({
    where: { id, ...organizationScope(actor) },
    select: { id: true, organization_id: true, department_id: true, status: true, custom_fields: true, opted_out_at: true },
  });
  if (!contact) throw AppError.notFound();
  const scope = departmentScope(actor);
  if (scope.department_id !== undefined && scope.department_id !== contact.department_id) throw AppError.forbidden();
  return contact;
}

/**
 * The department a new contact goes to: a manager's own (asking for another is
 * 403); for admins the one requested, which must be in their organization, or
 * the organization's only department.
 */
export async function resolveDepartment(db: Tx, actor: SessionUser, requested?: number) {
  if (actor.role === "dept_manager" || actor.role === "agent") {
    if (!actor.department_id) throw AppError.forbidden();
    if (requested !== undefined && requested !== actor.department_id) throw AppError.forbidden();
    return { organization_id: actor.organization_id, department_id: actor.department_id };
  }
  const departments = await db.department.findMany({
    where: { ...organizationScope(actor), ...(requested !== undefined ? { id: requested } : {}) },
    select: { id: true, organization_id: true },
    take: 2,
  });
  if (requested !== undefined && departments.length === 0) {
    throw AppError.validation({ department_id: ["The selected department is invalid."] });
  }
  if (departments.length !== 1 || (actor.role === "super_admin" && requested === undefined)) {
    throw AppError.validation({ department_id: ["The department_id field is required."] });
  }
  return { organization_id: departments[0].organization_id, department_id: departments[0].id };
}

export function duplicatePhoneError(duplicateId: bigint | number) {
  return AppError.conflict("A contact with this phone number already exists.", {
    errors: { phone: ["A contact with this phone number already exists."] },
    extra: { duplicate_id: Number(duplicateId) },
  });
}
