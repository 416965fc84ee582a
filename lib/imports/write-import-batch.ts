import "server-only";
import type { Tx } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";

export interface BatchOutcome {
  created: number;
  updated: number;
  skipped: number;
}

export interface BatchRange {
  importId: string;
  /** Rows after this row number … */
  after: number;
  /** … up to and including this one. */
  through: number;
}

/**
 * Writes one batch of staged rows inside the caller's transaction, entirely
 * in the database (the rows never travel back through Node): valid rows
 * inserted with one INSERT … SELECT from the staging table, duplicates updated
 * with one UPDATE … FROM (when asked) or skipped, their tags registered. A row
 * whose phone became taken since validation is skipped, not lost.
 */
export async function writeImportBatch(
  tx: Tx,
  job: { organization_id: number; department_id: number; user_id: number },
  range: BatchRange,
  options: { duplicateHandling: "skip" | "update"; autoTag: string | null; editableDepartmentId: number | null },
): Promise<BatchOutcome> {
  const { importId, after, through } = range;
  const tag = options.autoTag;
  const [{ valid, duplicates }] = await runSql(tx).rows<{ valid: number; duplicates: number }>`
    SELECT count(*) FILTER (WHERE status = 'valid')::int AS valid, count(*) FILTER (WHERE status = 'duplicate')::int AS duplicates
    FROM import_rows WHERE import_id = ${importId}::uuid AND row_number > ${after} AND row_number <= ${through}`;

  const created = await runSql(tx).count`
    INSERT INTO contacts (organization_id, department_id, created_by_user_id, name, phone, email, company, tags, custom_fields, notes, opted_out_at, import_id, updated_at)
    SELECT ${job.organization_id}::int, ${job.department_id}::int, ${job.user_id}::int,
           r.contact->>'name', r.contact->>'phone', r.contact->>'email', r.contact->>'company',
           t.tags || CASE WHEN ${tag}::text IS NULL OR ${tag}::text = ANY(t.tags) THEN '{}'::text[] ELSE ARRAY[${tag}::text] END,
           COALESCE(r.contact->'custom_fields', '{}'::jsonb), r.contact->>'notes', (r.contact->>'opted_out_at')::timestamptz, ${importId}::uuid, now()
    FROM import_rows r
    CROSS JOIN LATERAL (SELECT ARRAY(SELECT jsonb_array_elements_text(COALESCE(r.contact->'tags', '[]'::jsonb))) AS tags) t
    WHERE r.import_id = ${importId}::uuid AND r.row_number > ${after} AND r.row_number <= ${through} AND r.status = 'valid'
    ON CONFLICT (organization_id, phone) DO NOTHING`;

  let updated = 0;
  if (options.duplicateHandling === "update" && duplicates > 0) {
    // File values win where the file has them; tags and custom fields are merged.
    updated = await runSql(tx).count`
      UPDATE contacts c SET
        name = r.contact->>'name',
        email = COALESCE(r.contact->>'email', c.email),
        company = COALESCE(r.contact->>'company', c.company),
        notes = COALESCE(r.contact->>'notes', c.notes),
        tags = ARRAY(SELECT DISTINCT x FROM unnest(c.tags || ARRAY(SELECT jsonb_array_elements_text(COALESCE(r.contact->'tags', '[]'::jsonb)))
          || CASE WHEN ${tag}::text IS NULL THEN '{}'::text[] ELSE ARRAY[${tag}::text] END) AS x),
        custom_fields = c.custom_fields || COALESCE(r.contact->'custom_fields', '{}'::jsonb),
        -- A file may record an opt-out, never lift one: an old export re-imported
        -- must not make callable again someone who asked not to be called.
        opted_out_at = COALESCE(c.opted_out_at, (r.contact->>'opted_out_at')::timestamptz),
        updated_at = now()
      FROM import_rows r
      WHERE r.import_id = ${importId}::uuid AND r.row_number > ${after} AND r.row_number <= ${through}
        AND r.status = 'duplicate' AND r.duplicate_id IS NOT NULL
        AND c.id = r.duplicate_id AND c.organization_id = ${job.organization_id}::int
        -- Only contacts the importer may edit (tenancy in the write itself, as in every update).
        AND (${options.editableDepartmentId}::int IS NULL OR c.department_id = ${options.editableDepartmentId}::int)`;
  }

  // The organization's tag list learns every tag this batch wrote.
  await runSql(tx).count`
    INSERT INTO tags (organization_id, name)
    SELECT ${job.organization_id}::int, name FROM (
      SELECT DISTINCT jsonb_array_elements_text(COALESCE(r.contact->'tags', '[]'::jsonb)) AS name
      FROM import_rows r
      WHERE r.import_id = ${importId}::uuid AND r.row_number > ${after} AND r.row_number <= ${through}
        AND (r.status = 'valid' OR (${options.duplicateHandling === "update"} AND r.status = 'duplicate' AND r.duplicate_id IS NOT NULL))
      UNION SELECT ${tag}::text WHERE ${tag}::text IS NOT NULL AND ${valid + updated > 0}
    ) AS written
    ON CONFLICT (organization_id, name) DO NOTHING`;

  return { created, updated, skipped: duplicates - updated + (valid - created) };
}
