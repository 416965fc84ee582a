import "server-only";
import { departmentScope, scopeSql } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { isDncTag } from "./schemas";
import { runSql } from "@/lib/db/run-sql";

/**
 * Tags with the number of active contacts the caller can see carrying each:
 * every tag used on a contact in scope; an organization-wide caller also gets
 * the organization's registered tags not used (yet or any more), with 0. A
 * department's manager sees only the tags of their department's contacts. The counts come from tag_counts,
 * kept by triggers on contacts (migration 20261122080000_tag_counts).
 */
export async function listTags({ actor }: { actor: SessionUser }) {
  const scope = departmentScope(actor);
  const conditions = [Prisma.sql`TRUE`, ...scopeSql(scope)];
  const used = await runSql(prisma).rows<{ name: string; contact_count: number }>`
    SELECT tag AS name, sum(n)::int AS contact_count FROM tag_counts
    WHERE ${Prisma.join(conditions, " AND ")}
    GROUP BY tag HAVING sum(n) > 0`;
  const registered =
    scope.department_id !== undefined ? [] : await prisma.tag.findMany({ where: scope.organization_id !== undefined ? { organization_id: scope.organization_id } : {}, select: { name: true } });
  const counts = new Map(used.map((row) => [row.name, row.contact_count]));
  for (const tag of registered) if (!counts.has(tag.name)) counts.set(tag.name, 0);
  return [...counts.entries()].map(([name, contact_count]) => ({ name, contact_count, is_dnc: isDncTag(name) })).sort((a, b) => b.contact_count - a.contact_count || a.name.localeCompare(b.name));
}
