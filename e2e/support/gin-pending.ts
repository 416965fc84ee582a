import type pg from "pg";

/** Pages waiting in the pending list of the contacts' trigram search index (see lib/contacts/flush-search-indexes.ts). */
export async function pendingSearchPages(db: pg.Client): Promise<number> {
  await db.query("CREATE EXTENSION IF NOT EXISTS pgstattuple");
  const { rows } = await db.query(`SELECT pending_pages FROM pgstatginindex('contacts_search_text_trgm_idx')`);
  return Number(rows[0].pending_pages);
}
