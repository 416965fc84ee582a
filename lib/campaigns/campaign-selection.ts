import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { contactWhere, type ContactFilters } from "@/lib/contacts/contact-filters";
import { contactListFilters } from "@/lib/contacts/schemas";
import { prisma } from "@/lib/db/client";
import { Prisma, type Campaign } from "@/lib/generated/prisma/client";
import type { z } from "zod";
import type { selectionSchema } from "./schemas";

type Selection = z.infer<typeof selectionSchema>;

/**
 * The contacts a campaign's selection names, as a WHERE clause on `contacts c`
 * inside the campaign's department: those with the tags, or matching the saved
 * filter, or chosen one by one (any of them). Archived ones are included so the
 * snapshot can record why they are excluded.
 */
export async function selectionWhere(campaign: Pick<Campaign, "organization_id" | "department_id" | "selection">): Promise<Prisma.Sql> {
  const selection = campaign.selection as Selection;
  const department = { role: "dept_manager", organization_id: campaign.organization_id, department_id: campaign.department_id } as SessionUser;
  const parts: Prisma.Sql[] = [];
  if (selection.tags?.length) parts.push(Prisma.sql`c.tags @> ${selection.tags}::text[]`);
  if (selection.tags_any?.length) parts.push(Prisma.sql`c.tags && ${selection.tags_any}::text[]`);
  if (selection.contact_ids?.length) parts.push(Prisma.sql`c.id = ANY(${selection.contact_ids.map(BigInt)}::bigint[])`);
  if (selection.saved_filter_id) {
    const preset = await prisma.savedFilter.findFirst({ where: { id: selection.saved_filter_id, organization_id: campaign.organization_id }, select: { filters: true } });
    if (preset) {
      // Without the date order check: a preset saved before it existed still selects (nothing, as then).
      const filters = contactListFilters.omit({ page: true, per_page: true, sort: true }).parse({ ...(preset.filters as object), status: "all" }) as ContactFilters;
      parts.push(Prisma.sql`(${contactWhere(department, filters).sql})`);
    }
  }
  const scope = contactWhere(department, { status: "all" } as ContactFilters).sql;
  return Prisma.sql`${scope} AND (${parts.length ? Prisma.join(parts, " OR ") : Prisma.sql`FALSE`})`;
}

/** Why a selected contact is left out of the snapshot (NULL: it is eligible). */
export function exclusionReasonSql(excludeDnc: boolean): Prisma.Sql {
  return Prisma.sql`CASE
    WHEN c.status = 'archived' THEN 'archived'
    WHEN c.opted_out_at IS NOT NULL THEN 'opted_out'
    WHEN ${excludeDnc} AND EXISTS (SELECT 1 FROM unnest(c.tags) AS t WHERE lower(t) = 'dnc') THEN 'dnc'
    WHEN row_number() OVER (PARTITION BY c.phone ORDER BY c.id) > 1 THEN 'duplicate_phone'
  END`;
}
