import "server-only";
import { prisma } from "@/lib/db/client";
import { ScimFailure } from "./scim-failure";

/** Where a person the directory adds (or takes out of their group) belongs: the department single sign-on gives new people, else the organization's first. */
export async function defaultDepartment(organizationId: number): Promise<number> {
  const sso = await prisma.ssoConnection.findUnique({ where: { organization_id: organizationId }, select: { new_user_department_id: true } });
  if (sso?.new_user_department_id) return sso.new_user_department_id;
  const first = await prisma.department.findFirst({ where: { organization_id: organizationId }, select: { id: true }, orderBy: { id: "asc" } });
  if (!first) throw new ScimFailure(400, "The organization has no department for new people to join.", "invalidValue");
  return first.id;
}
