import "server-only";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { INLINE_CONTACT_LIMIT, startOperation } from "@/lib/contacts/operations/start-operation";
import { carryingTag, rewriteTag, settleTagChange, type TagChange } from "./tag-change";
import { runSql } from "@/lib/db/run-sql";

/**
 * Can the caller reach the tag? A department's manager reaches a tag only
 * through their department's contacts; a registered tag nobody there carries
 * is another department's. Returns how many contacts carry it, counted up to
 * `upTo` (enough to choose between doing it now and running an operation).
 */
async function contactsCarrying(db: Tx, actor: SessionUser, from: string, upTo: number): Promise<number> {
  const registered = await runSql(db).rows<{ id: number }>`SELECT id FROM tags WHERE organization_id = ${actor.organization_id} AND name = ${from}`;
  const [{ n }] = await runSql(db).rows<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM contacts c WHERE ${carryingTag(actor, from)} LIMIT ${upTo}) matching`;
  if (n === 0 && !(departmentScope(actor).department_id === undefined && registered.length > 0)) throw AppError.notFound();
  return n;
}

/**
 * Renames `from` to `to` on every contact in the caller's scope (rename), or
 * folds `from` into an existing `to` (merge); a contact that had both keeps
 * one. Up to INLINE_CONTACT_LIMIT contacts (and unless the client prefers an
 * asynchronous answer) it is one UPDATE inside the request, answered with
 * `{ name, contacts_updated }`; more become an operation run in batches
 * (`{ operation }`, answered 202): a tag on 140,000 contacts once held a
 * request for 27 s, past the 30 s limit of common load balancers.
 */
export async function replaceTag({ actor, change, async: preferAsync = false }: { actor: SessionUser; change: TagChange; async?: boolean }) {
  const { from, to, mode } = change;
  if (from === to) throw AppError.validation({ [mode === "rename" ? "name" : "into"]: ["The new tag must differ from the old one."] });

  const carrying = await contactsCarrying(prisma, actor, from, 1_000_000);
  if (preferAsync || carrying > INLINE_CONTACT_LIMIT) {
    const running = await prisma.operation.findFirst({
      where: {
        organization_id: actor.organization_id,
        kind: { startsWith: "tag." },
        status: { in: ["queued", "running"] },
        OR: [{ input: { path: ["from"], equals: from } }, { input: { path: ["to"], equals: from } }],
      },
      select: { id: true },
    });
    if (running) throw AppError.conflict("This tag is being changed already; wait for that change to finish.", { extra: { operation_id: running.id } });
    return startOperation({ actor, kind: `tag.${mode}`, input: { from, to, mode }, total: carrying });
  }
  return prisma.$transaction(
    async (tx) => {
      // Changes of one tag queue behind each other on its row in the tag list:
      // the second of two concurrent renames then finds the tag gone (404),
      // instead of renaming nothing and registering its own new name.
      await runSql(tx).rows`SELECT id FROM tags WHERE organization_id = ${actor.organization_id} AND name = ${from} FOR UPDATE`;
      await contactsCarrying(tx, actor, from, 1);
      const changed = await rewriteTag(tx, carryingTag(actor, from), change);
      return settleTagChange(tx, actor, change, changed);
    },
    { timeout: 60_000 },
  );
}
