import "server-only";
import { z } from "zod";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { pageOf, paginationSchema, skipTake } from "@/lib/http/pagination";

export const listAuditLogQuery = paginationSchema.extend({
  action: z.string().trim().max(100).optional(),
  subject_type: z.string().trim().max(50).optional(),
  subject_id: z.string().trim().max(64).optional(),
});

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
      select: { id: true, organization_id: true, department_id: true, user_id: true, action: true, subject_type: true, subject_id: true, details: true, created_at: true, user: { select: { name: true, email: true } } },
      ...skipTake(query),
    }),
    prisma.auditLog.count({ where }),
  ]);
  const data = rows.map(({ user, ...row }) => ({ ...row, id: Number(row.id), user_name: user?.name ?? null, user_email: user?.email ?? null }));
  return pageOf(data, total, query);
}
