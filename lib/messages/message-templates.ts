import "server-only";
import type { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { messageTemplateSchema, updateMessageTemplateSchema } from "./schemas";

// Saved replies, one set per organization: every user reads them (the
// composer's picker), managers and admins write them.

const SELECT = { id: true, name: true, body: true, created_at: true, updated_at: true } as const;
const duplicateName = () => AppError.conflict("A template with this name already exists.", { errors: { name: ["A template with this name already exists."] } });

export async function listMessageTemplates({ actor }: { actor: SessionUser }) {
  const rows = await prisma.messageTemplate.findMany({ where: { organization_id: actor.organization_id }, select: SELECT, orderBy: { name: "asc" }, take: 500 });
  return { data: rows };
}

export async function createMessageTemplate({ actor, input }: { actor: SessionUser; input: z.infer<typeof messageTemplateSchema> }) {
  if (await prisma.messageTemplate.findFirst({ where: { organization_id: actor.organization_id, name: input.name }, select: { id: true } })) throw duplicateName();
  return prisma.messageTemplate.create({ data: { organization_id: actor.organization_id, created_by_user_id: actor.id, ...input }, select: SELECT });
}

export async function updateMessageTemplate({ actor, id, input }: { actor: SessionUser; id: number; input: z.infer<typeof updateMessageTemplateSchema> }) {
  if (input.name && (await prisma.messageTemplate.findFirst({ where: { organization_id: actor.organization_id, name: input.name, NOT: { id } }, select: { id: true } }))) throw duplicateName();
  const { count } = await prisma.messageTemplate.updateMany({ where: { id, organization_id: actor.organization_id }, data: { ...input, updated_at: new Date() } });
  if (count === 0) throw AppError.notFound();
  return prisma.messageTemplate.findUniqueOrThrow({ where: { id }, select: SELECT });
}

export async function deleteMessageTemplate({ actor, id }: { actor: SessionUser; id: number }) {
  const { count } = await prisma.messageTemplate.deleteMany({ where: { id, organization_id: actor.organization_id } });
  if (count === 0) throw AppError.notFound();
}
