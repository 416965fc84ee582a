import "server-only";
import { randomBytes } from "node:crypto";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { env } from "@/lib/env";
import type { z } from "zod";
import type { chatWidgetSchema, updateChatWidgetSchema } from "./chat-schemas";

type WidgetRow = { id: number; name: string; department_id: number | null; public_key: string; allowed_origins: string[]; greeting: string | null; created_at: Date };

function serializeWidget(widget: WidgetRow) {
  const base = env().APP_URL;
  return { ...widget, snippet: `<script src="${base}/widget.js" data-inbox="${widget.public_key}" async></script>` };
}

async function departmentOf(actor: SessionUser, departmentId: number | null | undefined) {
  if (departmentId === null || departmentId === undefined) return;
  const department = await prisma.department.findFirst({ where: { id: departmentId, organization_id: actor.organization_id }, select: { id: true } });
  if (!department) throw AppError.validation({ department_id: ["The selected department is invalid."] });
}

export async function listChatWidgets({ actor }: { actor: SessionUser }) {
  const rows = await prisma.chatWidget.findMany({ where: { organization_id: actor.organization_id }, orderBy: { id: "asc" } });
  return { data: rows.map(serializeWidget) };
}

export async function createChatWidget({ actor, input }: { actor: SessionUser; input: z.output<typeof chatWidgetSchema> }) {
  await departmentOf(actor, input.department_id);
  const row = await prisma.chatWidget.create({ data: { ...input, organization_id: actor.organization_id, public_key: randomBytes(12).toString("hex") } });
  return serializeWidget(row);
}

export async function updateChatWidget({ actor, id, input }: { actor: SessionUser; id: number; input: z.output<typeof updateChatWidgetSchema> }) {
  await departmentOf(actor, input.department_id);
  const updated = await prisma.chatWidget.updateMany({ where: { id, organization_id: actor.organization_id }, data: { ...input, updated_at: new Date() } });
  if (updated.count === 0) throw AppError.notFound();
  return serializeWidget(await prisma.chatWidget.findUniqueOrThrow({ where: { id } }));
}

export async function deleteChatWidget({ actor, id }: { actor: SessionUser; id: number }) {
  const deleted = await prisma.chatWidget.deleteMany({ where: { id, organization_id: actor.organization_id } });
  if (deleted.count === 0) throw AppError.notFound();
}
