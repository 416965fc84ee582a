import "server-only";
import { insertContacts, toNewContact } from "@/lib/contacts/insert-contacts";
import type { PreparedContact } from "@/lib/contacts/prepare-contact";
import type { Tx } from "@/lib/db/client";
import { registerTags } from "@/lib/tags/register-tags";

export interface BatchOutcome {
  created: number;
  updated: number;
  skipped: number;
}

interface StagedRow {
  row_number: number;
  status: string;
  contact: unknown;
  duplicate_id: bigint | null;
}

/**
 * Writes one batch of staged rows inside the caller's transaction: valid rows
 * inserted set-based, duplicates updated (when asked) with one UPDATE or
 * skipped. A row that became a duplicate since validation is skipped, not lost.
 */
export async function writeImportBatch(
  tx: Tx,
  job: { organization_id: number; department_id: number; user_id: number },
  rows: StagedRow[],
  options: { duplicateHandling: "skip" | "update"; autoTag: string | null },
): Promise<BatchOutcome> {
  const withTag = (tags: string[] = []) => (options.autoTag && !tags.includes(options.autoTag) ? [...tags, options.autoTag] : tags);
  const valid = rows.filter((r) => r.status === "valid").map((r) => r.contact as PreparedContact);
  const owner = { organization_id: job.organization_id, department_id: job.department_id, created_by_user_id: job.user_id };
  const { inserted } = await insertContacts(tx, valid.map((c) => toNewContact(c, owner, options.autoTag ? [options.autoTag] : [])));

  const duplicates = rows.filter((r) => r.status === "duplicate" && r.duplicate_id !== null);
  let updated = 0;
  if (options.duplicateHandling === "update" && duplicates.length) {
    const updates = duplicates.map((r) => ({ id: r.duplicate_id!, contact: r.contact as PreparedContact }));
    // File values win where the file has them; tags and custom fields are merged.
    updated = await tx.$executeRaw`
      UPDATE contacts c SET
        name = u.name,
        email = COALESCE(u.email, c.email),
        company = COALESCE(u.company, c.company),
        notes = COALESCE(u.notes, c.notes),
        tags = ARRAY(SELECT DISTINCT t FROM unnest(c.tags || ARRAY(SELECT jsonb_array_elements_text(u.tags::jsonb))) AS t),
        custom_fields = c.custom_fields || u.custom_fields::jsonb,
        updated_at = now()
      FROM unnest(${updates.map((u) => u.id)}::bigint[], ${updates.map((u) => u.contact.name ?? null)}::text[],
                  ${updates.map((u) => u.contact.email ?? null)}::text[], ${updates.map((u) => u.contact.company ?? null)}::text[],
                  ${updates.map((u) => u.contact.notes ?? null)}::text[], ${updates.map((u) => JSON.stringify(withTag(u.contact.tags)))}::text[],
                  ${updates.map((u) => JSON.stringify(u.contact.custom_fields ?? {}))}::text[]) AS u(id, name, email, company, notes, tags, custom_fields)
      WHERE c.id = u.id AND c.organization_id = ${job.organization_id}`;
    await registerTags(tx, job.organization_id, options.autoTag ? [options.autoTag] : []);
  }
  const skipped = rows.filter((r) => r.status === "duplicate").length - updated + (valid.length - inserted.length);
  return { created: inserted.length, updated, skipped };
}
