import "server-only";
import { boundDepartment, departmentScope, organizationScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

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
 * The department a new contact (campaign, import) goes to: a manager's own
 * (asking for another is 403); for admins the one requested, which must be in
 * their organization. An admin who names none gets their organization's first
 * department: the API asks only for a name and a phone, and a contact always
 * belongs to a department (the pages still ask which one).
 */
export async function resolveDepartment(db: Tx, actor: SessionUser, requested?: number) {
  const bound = boundDepartment(actor);
  if (bound !== null) {
    if (requested !== undefined && requested !== bound) throw AppError.forbidden();
    return { organization_id: actor.organization_id, department_id: bound };
  }
  const department = await db.department.findFirst({
    where: requested !== undefined ? { ...organizationScope(actor), id: requested } : { organization_id: actor.organization_id },
    select: { id: true, organization_id: true },
    orderBy: { id: "asc" },
  });
  if (!department) {
    throw AppError.validation({
      department_id: [requested !== undefined ? "The selected department is invalid." : "The organization has no department yet: create one first."],
    });
  }
  return { organization_id: department.organization_id, department_id: department.id };
}

export function duplicatePhoneError(duplicateId: bigint | number) {
  return AppError.conflict("A contact with this phone number already exists.", {
    errors: { phone: ["A contact with this phone number already exists."] },
    extra: { duplicate_id: Number(duplicateId) },
  });
}
