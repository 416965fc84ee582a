import "server-only";
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
    ...ownerParts(actor, a),
  ];
  if (query.department_id) parts.push(Prisma.sql`${a}.department_id = ${query.department_id}`);
  return Prisma.join(parts, " AND ");
}

export function ownerParts(actor: SessionUser, a: Prisma.Sql): Prisma.Sql[] {
  if (actor.role === "super_admin") return [];
  if (actor.role === "account_admin") return [Prisma.sql`${a}.organization_id = ${actor.organization_id}`];
  if (actor.role === "dept_manager") return [Prisma.sql`${a}.organization_id = ${actor.organization_id}`, Prisma.sql`${a}.department_id = ${actor.department_id ?? -1}`];
  return [Prisma.sql`${a}.organization_id = ${actor.organization_id}`, Prisma.sql`${a}.user_id = ${actor.id}`];
}

/** Users whose agent figures the caller may see. */
export function userParts(actor: SessionUser, query: Pick<ReportQuery, "department_id">, a: Prisma.Sql): Prisma.Sql[] {
  const parts: Prisma.Sql[] = [];
  if (actor.role !== "super_admin") parts.push(Prisma.sql`${a}.organization_id = ${actor.organization_id}`);
  if (actor.role === "dept_manager") parts.push(Prisma.sql`${a}.department_id = ${actor.department_id ?? -1}`);
  if (actor.role === "agent") parts.push(Prisma.sql`${a}.id = ${actor.id}`);
  if (query.department_id) parts.push(Prisma.sql`${a}.department_id = ${query.department_id}`);
  return parts;
}
