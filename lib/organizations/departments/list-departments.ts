import "server-only";
import { departmentListScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { pageOf, skipTake } from "@/lib/http/pagination";
import type { ListDepartmentsQuery } from "./schemas";
import { departmentSelect } from "./serialize-department";

export async function listDepartments({ actor, query }: { actor: SessionUser; query: ListDepartmentsQuery }) {
  const where = {
    ...(query.organization_id && { organization_id: query.organization_id }),
    ...departmentListScope(actor),
  };
  const [data, total] = await Promise.all([prisma.department.findMany({ where, select: departmentSelect, orderBy: { name: "asc" }, ...skipTake(query) }), prisma.department.count({ where })]);
  return pageOf(data, total, query);
}
