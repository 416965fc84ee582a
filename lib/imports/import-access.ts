import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";

/**
 * An import the caller may see: their own, or any of their organization's for
 * an admin (a manager sees their department's). Others' are 404.
 */
export async function findImportForActor(actor: SessionUser, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw AppError.notFound();
  const job = await prisma.importJob.findFirst({
    where: {
      id,
      ...(actor.role === "super_admin" ? {} : { organization_id: actor.organization_id }),
      ...(actor.role === "dept_manager" ? { department_id: actor.department_id ?? -1 } : {}),
    },
  });
  if (!job) throw AppError.notFound();
  return job;
}
