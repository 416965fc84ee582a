import "server-only";
import { crossesOrganizations, departmentScope, scopeSql } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { registerTags } from "./register-tags";
import { runSql } from "@/lib/db/run-sql";

export interface TagChange {
  from: string;
  to: string;
  mode: "rename" | "merge";
}

/** The contacts a tag change touches: those carrying `from`, in the actor's scope (alias c; @> is what the GIN index serves). */
export function carryingTag(actor: SessionUser, from: string): Prisma.Sql {
  return Prisma.join([Prisma.sql`c.tags @> ARRAY[${from}]::text[]`, ...scopeSql(departmentScope(actor), "c")], " AND ");
}

/** Replaces `from` by `to` on the contacts `where` selects; a contact that had both keeps one, in its first place. */
export function rewriteTag(tx: Tx, where: Prisma.Sql, { from, to }: TagChange): Promise<number> {
  return runSql(tx).count`
    UPDATE contacts c SET updated_at = now(), tags = (
      SELECT array_agg(t ORDER BY first_position) FROM (
        SELECT t, min(position) AS first_position
        FROM unnest(array_replace(c.tags, ${from}, ${to})) WITH ORDINALITY AS u(t, position) GROUP BY t
      ) deduplicated)
    WHERE ${where}`;
}

/** After the contacts: the tag list learns the new name, forgets the old once nobody carries it; the audit log says so. */
export async function settleTagChange(tx: Tx, actor: SessionUser, change: TagChange, contacts: number) {
  const { from, to, mode } = change;
  if (!crossesOrganizations(actor)) {
    await registerTags(tx, actor.organization_id, [to]);
    const left = await runSql(tx).rows<{
      n: number;
    }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM contacts WHERE organization_id = ${actor.organization_id} AND tags @> ARRAY[${from}]::text[] LIMIT 1) one`;
    if (left[0].n === 0) {
      await tx.tag.deleteMany({ where: { organization_id: actor.organization_id, name: from } });
      await runSql(tx).count`DELETE FROM tag_counts WHERE organization_id = ${actor.organization_id} AND tag = ${from} AND n = 0`;
    }
  }
  await writeAuditLog(tx, {
    organization_id: actor.organization_id,
    department_id: departmentScope(actor).department_id ?? null,
    user_id: actor.id,
    action: `tag.${mode}`,
    subject_type: "tag",
    subject_id: from,
    details: { from, to, contacts },
  });
  return { name: to, contacts_updated: contacts };
}
