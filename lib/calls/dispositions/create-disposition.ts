import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import type { CreateDispositionInput } from "./schemas";
import { dispositionSelect, serializeDisposition } from "./serialize-disposition";

/** A new code at the end of the list (or at `position`); a name the organization already has is 409. */
export async function createDisposition({ actor, input }: { actor: SessionUser; input: CreateDispositionInput }) {
  const last = await prisma.disposition.aggregate({ where: { organization_id: actor.organization_id }, _max: { position: true } });
  const created = await prisma.disposition.create({
    data: { organization_id: actor.organization_id, name: input.name, is_success: input.is_success, position: input.position ?? (last._max.position ?? -1) + 1 },
    select: dispositionSelect,
  });
  return serializeDisposition(created);
}
