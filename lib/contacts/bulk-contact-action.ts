import "server-only";
import { z } from "zod";
import { bigId } from "@/lib/http/params";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { registerTags } from "@/lib/tags/register-tags";
import { assertNotInActiveCampaign } from "./delete-contact";
import { tagSchema } from "./schemas";

export const BULK_ACTION_MAX_IDS = 1_000;

// Shared by POST /api/contacts/bulk-actions and the contact table's bulk bar.
export const bulkContactActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("add_tags"), ids: z.array(bigId).min(1).max(BULK_ACTION_MAX_IDS), tags: z.array(tagSchema).min(1).max(20) }),
  z.object({ action: z.literal("remove_tags"), ids: z.array(bigId).min(1).max(BULK_ACTION_MAX_IDS), tags: z.array(tagSchema).min(1).max(20) }),
  z.object({ action: z.literal("archive"), ids: z.array(bigId).min(1).max(BULK_ACTION_MAX_IDS) }),
  z.object({ action: z.literal("restore"), ids: z.array(bigId).min(1).max(BULK_ACTION_MAX_IDS) }),
  // Recording opt-outs in bulk (a list of people who asked not to be called);
  // lifting one is a deliberate edit of that contact (docs/decisions/011).
  z.object({ action: z.literal("opt_out"), ids: z.array(bigId).min(1).max(BULK_ACTION_MAX_IDS) }),
]);
export type BulkContactAction = z.infer<typeof bulkContactActionSchema>;

/**
 * One statement for the selected contacts the caller may change (the scope is
 * in the WHERE, so ids outside it are simply not counted): tag, untag, archive,
 * restore or opt out (contacts already opted out keep their date and are not
 * counted). Archiving refuses (409) while any of them is in an active campaign.
 */
export async function bulkContactAction({ actor, input }: { actor: SessionUser; input: BulkContactAction }) {
  const ids = [...new Set(input.ids)].map(BigInt);
  const where = { id: { in: ids }, ...departmentScope(actor) };
  const updated = await prisma.$transaction(async (tx) => {
    switch (input.action) {
      case "archive":
        await assertNotInActiveCampaign(tx, ids);
        return (await tx.contact.updateMany({ where: { ...where, status: "active" }, data: { status: "archived", archived_at: new Date() } })).count;
      case "restore":
        return (await tx.contact.updateMany({ where: { ...where, status: "archived" }, data: { status: "active", archived_at: null } })).count;
      case "opt_out":
        return (await tx.contact.updateMany({ where: { ...where, opted_out_at: null }, data: { opted_out_at: new Date() } })).count;
      case "add_tags": {
        const scope = departmentScope(actor);
        const count = await tx.$executeRaw`
          UPDATE contacts SET tags = tags || ARRAY(SELECT t FROM unnest(${input.tags}::text[]) AS t WHERE t <> ALL(contacts.tags)), updated_at = now()
          WHERE id = ANY(${ids}::bigint[]) AND NOT (tags @> ${input.tags}::text[])
            AND (${scope.organization_id ?? null}::int IS NULL OR organization_id = ${scope.organization_id ?? null}::int)
            AND (${scope.department_id ?? null}::int IS NULL OR department_id = ${scope.department_id ?? null}::int)`;
        const organizations = await tx.contact.findMany({ where, select: { organization_id: true }, distinct: ["organization_id"] });
        for (const { organization_id } of organizations) await registerTags(tx, organization_id, input.tags);
        return count;
      }
      case "remove_tags": {
        const scope = departmentScope(actor);
        return tx.$executeRaw`
          UPDATE contacts SET tags = ARRAY(SELECT t FROM unnest(tags) AS t WHERE t <> ALL(${input.tags}::text[])), updated_at = now()
          WHERE id = ANY(${ids}::bigint[]) AND tags && ${input.tags}::text[]
            AND (${scope.organization_id ?? null}::int IS NULL OR organization_id = ${scope.organization_id ?? null}::int)
            AND (${scope.department_id ?? null}::int IS NULL OR department_id = ${scope.department_id ?? null}::int)`;
      }
    }
  });
  return { action: input.action, requested: ids.length, updated };
}
