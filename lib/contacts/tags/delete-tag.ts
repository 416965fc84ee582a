import "server-only";
import { departmentScope, organizationScope, scopeSql } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors/app-error";
import { runSql } from "@/lib/db/run-sql";

/**
 * Deletes a tag only when no contact of the organization carries it (409
 * otherwise). A department's manager reaches only tags their department's
 * contacts carry: any other is 404.
 */
export async function deleteTag({ actor, name }: { actor: SessionUser; name: string }): Promise<void> {
  const scope = organizationScope(actor);
  const orgCondition = Prisma.join([Prisma.sql`TRUE`, ...scopeSql(scope)], " AND ");
  const { department_id: departmentId } = departmentScope(actor);
  if (departmentId !== undefined) {
    const [{ n: inDepartment }] = await runSql(prisma).rows<{ n: number }>`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM contacts WHERE ${orgCondition} AND department_id = ${departmentId} AND tags @> ARRAY[${name}]::text[] LIMIT 1) one`;
    if (inDepartment === 0) throw AppError.notFound();
  }
  const [{ n }] = await runSql(prisma).rows<{ n: number }>`SELECT count(*)::int AS n FROM contacts WHERE ${orgCondition} AND tags @> ARRAY[${name}]::text[]`;
  if (n > 0) {
    throw AppError.conflict(`The tag is still used by ${n} contact${n === 1 ? "" : "s"}; rename, merge or remove it from them first.`, { extra: { contact_count: n } });
  }
  const { count } = await prisma.tag.deleteMany({ where: { ...scope, name } });
  if (count === 0) throw AppError.notFound();
  await runSql(prisma).count`DELETE FROM tag_counts WHERE ${orgCondition} AND tag = ${name} AND n = 0`;
}
