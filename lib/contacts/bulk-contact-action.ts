import "server-only";
import { z } from "zod";
import { bigId } from "@/lib/http/params";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { OperationKind } from "@/lib/contacts/operations/operation-kind";
import { startOperation } from "@/lib/contacts/operations/start-operation";
import { registerTags } from "@/lib/contacts/tags/register-tags";
import { ACTIVE_CAMPAIGN_STATUSES, assertNotInActiveCampaign } from "./delete-contact";
import { contactWhere } from "./contact-filters";
import { tagSchema } from "@/lib/contacts/tags/schemas";
import { contactListFilters, createdRangeInOrder } from "./schemas";
import { runSql } from "@/lib/db/run-sql";

export const BULK_ACTION_MAX_IDS = 1_000;

/** "Every contact matching": the contact list's filters, as its query string gives them. */
const selectionFilter = contactListFilters.omit({ page: true, per_page: true, sort: true }).strict().superRefine(createdRangeInOrder);

// The selection: up to 1,000 chosen contacts (done inside the request), or
// every contact matching a filter (an operation: 202).
const selection = {
  ids: z.array(bigId).min(1).max(BULK_ACTION_MAX_IDS).optional(),
  filter: selectionFilter.optional(),
};

// Shared by POST /api/contacts/bulk-actions and the contact table's bulk bar.
// Each action is strict: a key it does not know is refused (422), never
// ignored, as an archive of thousands must not run on a misspelled option.
export const bulkContactActionSchema = z
  .discriminatedUnion("action", [
    z.strictObject({ action: z.literal("add_tags"), ...selection, tags: z.array(tagSchema).min(1).max(20) }),
    z.strictObject({ action: z.literal("remove_tags"), ...selection, tags: z.array(tagSchema).min(1).max(20) }),
    z.strictObject({ action: z.literal("archive"), ...selection }),
    z.strictObject({ action: z.literal("restore"), ...selection }),
    // Recording opt-outs in bulk (a list of people who asked not to be called);
    // lifting one is a deliberate edit of that contact (docs/decisions/011).
    z.strictObject({ action: z.literal("opt_out"), ...selection }),
  ])
  .superRefine((input, ctx) => {
    if ((input.ids === undefined) === (input.filter === undefined)) {
      ctx.addIssue({ code: "custom", path: ["ids"], message: `Give either ids (up to ${BULK_ACTION_MAX_IDS.toLocaleString("en-US")} contacts) or filter (every contact matching it).` });
    }
  });
export type BulkContactAction = z.infer<typeof bulkContactActionSchema>;
/** The action without its selection (Omit spread over each action of the union). */
type ActionInput = BulkContactAction extends infer A ? (A extends unknown ? Omit<A, "ids" | "filter"> : never) : never;

/**
 * One statement for the given contacts the caller may change (the scope is in
 * the WHERE, so ids outside it are simply not counted): tag, untag, archive,
 * restore or opt out (contacts already opted out keep their date and are not
 * counted). Returns how many changed.
 */
async function applyAction(tx: Tx, actor: SessionUser, input: ActionInput, ids: bigint[]): Promise<number> {
  const where = { id: { in: ids }, ...departmentScope(actor) };
  const scope = departmentScope(actor);
  const inScope = Prisma.sql`(${scope.organization_id ?? null}::int IS NULL OR organization_id = ${scope.organization_id ?? null}::int)
    AND (${scope.department_id ?? null}::int IS NULL OR department_id = ${scope.department_id ?? null}::int)`;
  switch (input.action) {
    case "archive":
      return (await tx.contact.updateMany({ where: { ...where, status: "active" }, data: { status: "archived", archived_at: new Date() } })).count;
    case "restore":
      return (await tx.contact.updateMany({ where: { ...where, status: "archived" }, data: { status: "active", archived_at: null } })).count;
    case "opt_out":
      return (await tx.contact.updateMany({ where: { ...where, opted_out_at: null }, data: { opted_out_at: new Date() } })).count;
    case "add_tags": {
      const count = await runSql(tx).count`
        UPDATE contacts SET tags = tags || ARRAY(SELECT t FROM unnest(${input.tags}::text[]) AS t WHERE t <> ALL(contacts.tags)), updated_at = now()
        WHERE id = ANY(${ids}::bigint[]) AND NOT (tags @> ${input.tags}::text[]) AND ${inScope}`;
      const organizations = await tx.contact.findMany({ where, select: { organization_id: true }, distinct: ["organization_id"] });
      for (const { organization_id } of organizations) await registerTags(tx, organization_id, input.tags);
      return count;
    }
    case "remove_tags":
      return runSql(tx).count`
        UPDATE contacts SET tags = ARRAY(SELECT t FROM unnest(tags) AS t WHERE t <> ALL(${input.tags}::text[])), updated_at = now()
        WHERE id = ANY(${ids}::bigint[]) AND tags && ${input.tags}::text[] AND ${inScope}`;
  }
}

/** Contacts of an active campaign stay active: an operation archiving "all matching" leaves them out. */
function archivable(): Prisma.Sql {
  return Prisma.sql`NOT EXISTS (SELECT 1 FROM campaign_contacts cc JOIN campaigns cp ON cp.id = cc.campaign_id
    WHERE cc.contact_id = c.id AND cc.state <> 'excluded' AND cp.status IN (${Prisma.join([...ACTIVE_CAMPAIGN_STATUSES])}))`;
}

/** What an action changes among the contacts a filter matches (alias c): only those it would change. */
function selectedBy(actor: SessionUser, input: ActionInput & { filter: z.infer<typeof selectionFilter> }): Prisma.Sql {
  const conditions = [contactWhere(actor, input.filter).sql];
  if (input.action === "archive") conditions.push(Prisma.sql`c.status = 'active'`, archivable());
  if (input.action === "restore") conditions.push(Prisma.sql`c.status = 'archived'`);
  if (input.action === "opt_out") conditions.push(Prisma.sql`c.opted_out_at IS NULL`);
  if (input.action === "add_tags") conditions.push(Prisma.sql`NOT (c.tags @> ${input.tags}::text[])`);
  if (input.action === "remove_tags") conditions.push(Prisma.sql`c.tags && ${input.tags}::text[]`);
  return Prisma.join(conditions, " AND ");
}

type FilterAction = ActionInput & { filter: z.infer<typeof selectionFilter> };

/** A bulk action over every contact a filter matches, batch by batch (lib/contacts/operations). */
export const bulkFilterOperation: OperationKind<FilterAction> = {
  selects: selectedBy,
  apply: (tx, ids, input, actor) => applyAction(tx, actor, input, ids),
  finish: async (_tx, operation) => ({ action: operation.input.action, updated: operation.changed }),
};

/**
 * Chosen contacts (ids): one transaction inside the request, answered
 * `{ action, requested, updated }`; archiving refuses (409) while any of them
 * is in an active campaign. Every contact matching a filter: an operation
 * (`{ operation }`, answered 202) whose result says how many changed;
 * archiving leaves out the contacts of active campaigns.
 */
export async function bulkContactAction({ actor, input }: { actor: SessionUser; input: BulkContactAction }) {
  const { ids: chosen, filter, ...action } = input;
  if (filter) {
    const [{ n }] = await runSql(prisma).rows<{ n: number }>`SELECT count(*)::int AS n FROM contacts c WHERE ${selectedBy(actor, { ...action, filter })}`;
    return startOperation({ actor, kind: "contacts.bulk", input: { ...action, filter } as object, total: n });
  }
  const ids = [...new Set(chosen!)].map(BigInt);
  const updated = await prisma.$transaction(async (tx) => {
    if (action.action === "archive") await assertNotInActiveCampaign(tx, ids);
    return applyAction(tx, actor, action, ids);
  });
  return { action: input.action, requested: ids.length, updated };
}
