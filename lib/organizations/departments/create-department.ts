import "server-only";
import { organizationFor } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { CreateDepartmentInput } from "./schemas";
import { departmentSelect } from "./serialize-department";

/**
 * A department in the caller's organization; a super admin may name another.
 * Anyone else naming an organization not their own is refused (422), never
 * silently given a department in their own.
 */
export async function createDepartment({ actor, input }: { actor: SessionUser; input: CreateDepartmentInput }) {
  const organizationId = organizationFor(actor, input.organization_id);
  const organization = await prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true } });
  if (!organization) throw AppError.validation({ organization_id: ["The selected organization is invalid."] });
  const existing = await prisma.department.findFirst({
    where: { organization_id: organizationId, name: { equals: input.name, mode: "insensitive" } },
    select: { id: true },
  });
  if (existing) throw AppError.conflict("The name has already been taken.", { errors: { name: ["The name has already been taken."] } });
  return prisma.department.create({ data: { organization_id: organizationId, name: input.name }, select: departmentSelect });
}
