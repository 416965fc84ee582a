import "server-only";
import { hashPassword } from "@/lib/auth/password";
import { organizationFor } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { checkAssignment } from "./check-assignment";
import type { CreateUserInput } from "./schemas";
import { serializeUser, userSelect } from "./serialize-user";

export async function createUser({ actor, input }: { actor: SessionUser; input: CreateUserInput }) {
  // Only a super admin chooses the organization; anyone else naming another is refused.
  const organizationId = organizationFor(actor, input.organization_id);
  const organization = await prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true } });
  if (!organization) throw AppError.validation({ organization_id: ["The selected organization is invalid."] });

  const departmentId = await checkAssignment(prisma, actor, {
    role: input.role,
    organization_id: organizationId,
    department_id: input.department_id,
  });
  const user = await prisma.user.create({
    data: {
      name: input.name,
      email: input.email,
      password_hash: await hashPassword(input.password),
      role: input.role,
      organization_id: organizationId,
      department_id: departmentId,
    },
    select: userSelect,
  });
  return serializeUser(user);
}
