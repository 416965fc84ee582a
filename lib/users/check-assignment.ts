import "server-only";
import { mayAssign, roleHasDepartment } from "@/lib/auth/permissions";
import type { SessionUser } from "@/lib/auth/session-user";
import type { Tx } from "@/lib/db/client";
import type { Role } from "@/lib/generated/prisma/enums";
import { AppError } from "@/lib/errors/app-error";

/**
 * May `actor` give a user this role in this organization and department?
 * Managers and agents need a department of that organization; admins have none.
 * Returns the department id to store.
 */
export async function checkAssignment(db: Tx, actor: SessionUser, target: { role: Role; organization_id: number; department_id?: number | null }): Promise<number | null> {
  if (!mayAssign(actor.role, target.role)) throw AppError.forbidden();
  if (!roleHasDepartment(target.role)) return null;
  if (!target.department_id) {
    throw AppError.validation({ department_id: ["A department is required for this role."] });
  }
  const department = await db.department.findFirst({
    where: { id: target.department_id, organization_id: target.organization_id },
    select: { id: true },
  });
  if (!department) throw AppError.validation({ department_id: ["The selected department is invalid."] });
  return department.id;
}
