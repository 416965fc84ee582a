import "server-only";
import { ownerScope, scopeSql, userScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ReportQuery } from "./schemas";

/**
 * The call logs a report counts, as SQL on alias `l`: the caller's scope (an
 * agent their own calls, a manager the department's, an admin the
 * organization's, the super admin everything), an optional department, and the
 * date range read on the caller's clock (from 00:00 to the end of `to`).
 */
export function callScope(actor: SessionUser, query: Pick<ReportQuery, "from" | "to" | "tz" | "department_id">, alias = "l"): Prisma.Sql {
  const a = Prisma.raw(alias);
  const parts: Prisma.Sql[] = [
    Prisma.sql`${a}.created_at >= (${query.from}::date::timestamp AT TIME ZONE ${query.tz})`,
    Prisma.sql`${a}.created_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${query.tz})`,
    ...scopeSql(ownerScope(actor), alias),
  ];
  if (query.department_id) parts.push(Prisma.sql`${a}.department_id = ${query.department_id}`);
  return Prisma.join(parts, " AND ");
}

/** Users whose agent figures the caller may see (userScope), on `alias`. */
export function userParts(actor: SessionUser, query: Pick<ReportQuery, "department_id">, alias: string): Prisma.Sql[] {
  const parts = scopeSql(userScope(actor), alias);
  if (query.department_id) parts.push(Prisma.sql`${Prisma.raw(alias)}.department_id = ${query.department_id}`);
  return parts;
}
