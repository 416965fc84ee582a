import "server-only";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { loadDefinitions } from "@/lib/custom-fields/load-definitions";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { CONTACT_COLUMNS_SQL, type ContactRow } from "./contact-columns";
import { contactOrderBy, contactWhere, type ContactFilters } from "./contact-filters";
import type { ListContactsQuery } from "./schemas";
import { serializeContact } from "./serialize-contact";

// Above this many matches a filtered list reports the planner's estimate
// (meta.total_exact = false) instead of counting every row.
const EXACT_COUNT_CAP = 10_000;

export async function listContacts({ actor, query }: { actor: SessionUser; query: ListContactsQuery }) {
  const { sql: where, filtered } = contactWhere(actor, query);
  const offset = (query.page - 1) * query.per_page;
  const rows = await prisma.$queryRaw<ContactRow[]>`
    SELECT ${Prisma.raw(CONTACT_COLUMNS_SQL)} FROM contacts c
    WHERE ${where} ORDER BY ${contactOrderBy(query.sort)} LIMIT ${query.per_page} OFFSET ${offset}`;

  const { total, exact } = await countContacts(actor, query, where, filtered, rows.length, offset);
  const organizations = [...new Set(rows.map((row) => row.organization_id))];
  const definitions = new Map(await Promise.all(organizations.map(async (id) => [id, await loadDefinitions(id)] as const)));
  return {
    data: rows.map((row) => serializeContact(row, definitions.get(row.organization_id) ?? [], actor.role)),
    meta: {
      current_page: query.page,
      per_page: query.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      total_exact: exact,
    },
  };
}

async function countContacts(
  actor: SessionUser,
  filters: ContactFilters,
  where: Prisma.Sql,
  filtered: boolean,
  pageRows: number,
  offset: number,
): Promise<{ total: number; exact: boolean }> {
  // A short page tells the total without another query.
  if (pageRows > 0 && pageRows < (filters as ListContactsQuery).per_page) return { total: offset + pageRows, exact: true };
  if (!filtered) {
    // Unfiltered lists: the trigger-maintained counters (exact, no scan).
    const scope = departmentScope(actor);
    const sum = await prisma.contactCount.aggregate({
      _sum: { n: true },
      where: {
        ...(scope.organization_id !== undefined && { organization_id: scope.organization_id }),
        ...(scope.department_id !== undefined && { department_id: scope.department_id }),
        ...(filters.department_id && { department_id: filters.department_id }),
        ...(filters.status !== "all" && { status: filters.status }),
      },
    });
    return { total: Number(sum._sum.n ?? 0), exact: true };
  }
  const [{ n }] = await prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM contacts c WHERE ${where} LIMIT ${EXACT_COUNT_CAP + 1}) capped`;
  if (n <= EXACT_COUNT_CAP) return { total: n, exact: true };
  const plan = await prisma.$queryRaw<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }[]>`
    EXPLAIN (FORMAT JSON) SELECT 1 FROM contacts c WHERE ${where}`;
  const estimate = Math.round(plan[0]["QUERY PLAN"][0].Plan["Plan Rows"]);
  return { total: Math.max(estimate, n), exact: false };
}
