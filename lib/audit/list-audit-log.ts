import "server-only";
import { z } from "zod";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { id, page, timestamp } from "@/lib/http/answer-schemas";
import { pageOf, paginationSchema, skipTake } from "@/lib/http/pagination";

export const listAuditLogQuery = paginationSchema.extend({
  action: z.string().trim().max(100).optional(),
  subject_type: z.string().trim().max(50).optional(),
  subject_id: z.string().trim().max(64).optional(),
});

/** An audit entry as the API answers it: who did what to which record, with the action's own details. */
export const auditEntryAnswer = z.object({
  id,
  organization_id: z.number().int().nullable(),
  department_id: z.number().int().nullable().meta({ description: "The department the entry concerns; null for organization-wide actions" }),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  action: z.string().meta({ description: "contact.merge, tag.rename, retention.run, contacts.export, integration_key.request…" }),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: timestamp,
});
export const auditPageAnswer = page(auditEntryAnswer);

export async function listAuditLog({ actor, query }: { actor: SessionUser; query: z.infer<typeof listAuditLogQuery> }) {
  // A manager reads the entries of their department; organization-wide
  // entries (department null) are the account admins'.
  const where = {
    ...departmentScope(actor),
    ...(query.action && { action: query.action }),
    ...(query.subject_type && { subject_type: query.subject_type }),
    ...(query.subject_id && { subject_id: query.subject_id }),
  };
  const [rows, total] = await Promise.all([
    prisma.auditLog.findMany({
      where,
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      select: {
        id: true,
        organization_id: true,
        department_id: true,
        user_id: true,
        action: true,
        subject_type: true,
        subject_id: true,
        details: true,
        created_at: true,
        user: { select: { name: true, email: true } },
      },
      ...skipTake(query),
    }),
    prisma.auditLog.count({ where }),
  ]);
  const data = rows.map(({ user, ...row }) => ({ ...row, id: Number(row.id), details: row.details as Record<string, unknown>, user_name: user?.name ?? null, user_email: user?.email ?? null }));
  return pageOf(data, total, query);
}
