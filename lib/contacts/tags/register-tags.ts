import "server-only";
import type { Tx } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";

/** Records tag names in the organization's tag list (counts come from contacts). */
export async function registerTags(db: Tx, organizationId: number, tags: string[]): Promise<void> {
  if (tags.length === 0) return;
  await runSql(db).count`
    INSERT INTO tags (organization_id, name)
    SELECT ${organizationId}, t FROM unnest(${[...new Set(tags)]}::text[]) AS t
    ON CONFLICT (organization_id, name) DO NOTHING`;
}
