import "server-only";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { isDncTag } from "./schemas";

/**
 * Tags with the number of contacts the caller can see carrying each: every
 * tag used on a contact in scope, plus the organization's registered tags not
 * used (yet or any more), with 0.
 */
export async function listTags({ actor }: { actor: SessionUser }) {
  const scope = departmentScope(actor);
  const conditions = [Prisma.sql`c.status = 'active'`];
  if (scope.organization_id !== undefined) conditions.push(Prisma.sql`c.organization_id = ${scope.organization_id}`);
  if (scope.department_id !== undefined) conditions.push(Prisma.sql`c.department_id = ${scope.department_id}`);
  const used = await prisma.$queryRaw<{ name: string; contact_count: number }[]>`
    SELECT t AS name, count(*)::int AS contact_count
    FROM contacts c, unnest(c.tags) AS t
    WHERE ${Prisma.join(conditions, " AND ")}
    GROUP BY t`;
  const registered = await prisma.tag.findMany({
    where: scope.organization_id !== undefined ? { organization_id: scope.organization_id } : {},
    select: { name: true },
  });
  const counts = new Map(used.map((row) => [row.name, row.contact_count]));
  for (const tag of registered) if (!counts.has(tag.name)) counts.set(tag.name, 0);
  return [...counts.entries()]
    .map(([name, contact_count]) => ({ name, contact_count, is_dnc: isDncTag(name) }))
    .sort((a, b) => b.contact_count - a.contact_count || a.name.localeCompare(b.name));
}
