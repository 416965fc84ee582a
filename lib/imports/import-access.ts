import "server-only";
import { importScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

/**
 * An import the caller may see (importScope): any of their organization's for
 * an admin, their department's for a manager, their own otherwise. Others' are 404.
 */
export async function findImportForActor(actor: SessionUser, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw AppError.notFound();
  const job = await prisma.importJob.findFirst({
    where: { id, ...importScope(actor) },
  });
  if (!job) throw AppError.notFound();
  return job;
}
