import type { SessionUser } from "./session-user";

// Who sees what, decided in one place. Each helper returns a Prisma `where`
// fragment that callers spread into every read AND write, so a record outside
// the caller's reach is simply not found (404), never fetched then checked.
//   super_admin: everything · account_admin: own organization
//   dept_manager: own department · agent: own records

type OrgScope = { organization_id?: number };
type DeptScope = OrgScope & { department_id?: number };

export function organizationScope(user: SessionUser): OrgScope {
  return user.role === "super_admin" ? {} : { organization_id: user.organization_id };
}

/** Records that belong to a department (contacts, campaigns). */
export function departmentScope(user: SessionUser): DeptScope {
  if (user.role === "super_admin") return {};
  if (user.role === "account_admin") return { organization_id: user.organization_id };
  return { organization_id: user.organization_id, department_id: user.department_id ?? -1 };
}

/** Records that belong to a user inside a department (call logs). */
export function ownerScope(user: SessionUser): DeptScope & { user_id?: number } {
  if (user.role === "agent") return { organization_id: user.organization_id, user_id: user.id };
  return departmentScope(user);
}

/** Users the caller may see or manage. */
export function userScope(user: SessionUser): DeptScope & { id?: number } {
  if (user.role === "agent") return { organization_id: user.organization_id, id: user.id };
  return departmentScope(user);
}

/** Departments the caller may see. */
export function departmentListScope(user: SessionUser): OrgScope & { id?: number } {
  if (user.role === "super_admin") return {};
  if (user.role === "account_admin") return { organization_id: user.organization_id };
  return { organization_id: user.organization_id, id: user.department_id ?? -1 };
}
