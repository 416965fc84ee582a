import "server-only";
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors/app-error";
import { hasChanges } from "@/lib/http/patch-schema";
import type { createSavedFilterSchema, updateSavedFilterSchema } from "./schemas";

// Saved filter presets belong to the user who saved them: nobody else sees them.
const select = { id: true, name: true, filters: true, created_at: true, updated_at: true } as const;
type FilterRow = { id: number; name: string; filters: Prisma.JsonValue; created_at: Date; updated_at: Date };
/** filters holds what createSavedFilterSchema made of the request: query parameters as strings. */
const serialize = (row: FilterRow) => ({ ...row, filters: row.filters as Record<string, string> });
const owned = (actor: SessionUser, id?: number) => ({ user_id: actor.id, organization_id: actor.organization_id, ...(id && { id }) });

export async function listSavedFilters({ actor }: { actor: SessionUser }) {
  return { data: (await prisma.savedFilter.findMany({ where: owned(actor), select, orderBy: { name: "asc" } })).map(serialize) };
}

export async function createSavedFilter({ actor, input }: { actor: SessionUser; input: z.infer<typeof createSavedFilterSchema> }) {
  return serialize(await prisma.savedFilter.create({ data: { ...owned(actor), name: input.name, filters: input.filters as object }, select }));
}

export async function updateSavedFilter({ actor, id, input }: { actor: SessionUser; id: number; input: z.infer<typeof updateSavedFilterSchema> }) {
  const data = { ...input, filters: input.filters as object | undefined };
  if (!hasChanges(data)) return findOwned(actor, id);
  const { count } = await prisma.savedFilter.updateMany({ where: owned(actor, id), data });
  if (count === 0) throw AppError.notFound();
  return serialize(await prisma.savedFilter.findUniqueOrThrow({ where: { id }, select }));
}

async function findOwned(actor: SessionUser, id: number) {
  const filter = await prisma.savedFilter.findFirst({ where: owned(actor, id), select });
  if (!filter) throw AppError.notFound();
  return serialize(filter);
}

export async function deleteSavedFilter({ actor, id }: { actor: SessionUser; id: number }) {
  const { count } = await prisma.savedFilter.deleteMany({ where: owned(actor, id) });
  if (count === 0) throw AppError.notFound();
}
