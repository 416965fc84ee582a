import "server-only";
import { crossesOrganizations, departmentScope, scopeSql } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/errors";
import { registerTags } from "./register-tags";

// One UPDATE rewrites every contact carrying the tag, with all its indexes:
// about 25 s for a tag on 140,000 of a million contacts. The transaction may
// take that long (the client's default is 5 s, which turned such a rename into a 500).
const RENAME_TIMEOUT_MS = 180_000;

/**
 * Renames `from` to `to` on every contact in the caller's scope (rename), or
 * folds `from` into an existing `to` (merge); a contact that had both keeps
 * one. Set-based: one UPDATE. Returns how many contacts changed.
 */
export async function replaceTag({ actor, from, to, mode }: { actor: SessionUser; from: string; to: string; mode: "rename" | "merge" }) {
  if (from === to) throw AppError.validation({ [mode === "rename" ? "name" : "into"]: ["The new tag must differ from the old one."] });
  const scope = departmentScope(actor);
  // @> (not = ANY) is what the GIN index on tags serves.
  const conditions = [Prisma.sql`c.tags @> ARRAY[${from}]::text[]`, ...scopeSql(scope, "c")];

  return prisma.$transaction(async (tx) => {
    // Changes of one tag queue behind each other on its row in the tag list:
    // the second of two concurrent renames then finds the tag gone (404),
    // instead of renaming nothing and registering its own new name.
    const registered = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM tags WHERE organization_id = ${actor.organization_id} AND name = ${from} FOR UPDATE`;
    const known = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM (SELECT 1 FROM contacts c WHERE ${Prisma.join(conditions, " AND ")} LIMIT 1) one`;
    // A department's manager reaches a tag only through their department's
    // contacts; a registered tag nobody there carries is another department's.
    const reachable = known[0].n > 0 || (scope.department_id === undefined && registered.length > 0);
    if (!reachable) throw AppError.notFound();

    const changed = await tx.$executeRaw`
      UPDATE contacts c SET updated_at = now(), tags = (
        SELECT array_agg(t ORDER BY first_position) FROM (
          SELECT t, min(position) AS first_position
          FROM unnest(array_replace(c.tags, ${from}, ${to})) WITH ORDINALITY AS u(t, position) GROUP BY t
        ) deduplicated)
      WHERE ${Prisma.join(conditions, " AND ")}`;
    if (!crossesOrganizations(actor)) {
      await registerTags(tx, actor.organization_id, [to]);
      // The old name disappears from the organization's list once no contact carries it.
      const left = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM (SELECT 1 FROM contacts WHERE organization_id = ${actor.organization_id} AND tags @> ARRAY[${from}]::text[] LIMIT 1) one`;
      if (left[0].n === 0) {
        await tx.tag.deleteMany({ where: { organization_id: actor.organization_id, name: from } });
        await tx.$executeRaw`DELETE FROM tag_counts WHERE organization_id = ${actor.organization_id} AND tag = ${from} AND n = 0`;
      }
    }
    await writeAuditLog(tx, { organization_id: actor.organization_id, department_id: scope.department_id ?? null, user_id: actor.id, action: `tag.${mode}`, subject_type: "tag", subject_id: from, details: { from, to, contacts: changed } });
    return { name: to, contacts_updated: changed };
  }, { timeout: RENAME_TIMEOUT_MS });
}
