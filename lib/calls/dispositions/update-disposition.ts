import "server-only";
import type { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { updateDispositionSchema } from "./schemas";
import { dispositionSelect, serializeDisposition } from "./serialize-disposition";

/** Renames, reorders, marks as a success or not, archives or restores a code; the logs that name it follow its name. */
export async function updateDisposition({ actor, id, input }: { actor: SessionUser; id: number; input: z.infer<typeof updateDispositionSchema> }) {
  const where = { id, organization_id: actor.organization_id };
  const { count } = await prisma.disposition.updateMany({
    where,
    data: {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.is_success !== undefined && { is_success: input.is_success }),
      ...(input.position !== undefined && { position: input.position }),
      ...(input.archived !== undefined && { archived_at: input.archived ? new Date() : null }),
      updated_at: new Date(),
    },
  });
  if (count === 0) throw AppError.notFound();
  return serializeDisposition(await prisma.disposition.findFirstOrThrow({ where, select: dispositionSelect }));
}

/** A code no call names is deleted; one in use is archived (its calls keep their word). */
export async function deleteDisposition({ actor, id }: { actor: SessionUser; id: number }) {
  const where = { id, organization_id: actor.organization_id };
  const used = await prisma.callLog.count({ where: { disposition_id: id, organization_id: actor.organization_id } });
  const { count } = used ? await prisma.disposition.updateMany({ where, data: { archived_at: new Date(), updated_at: new Date() } }) : await prisma.disposition.deleteMany({ where });
  if (count === 0) throw AppError.notFound();
}
