import "server-only";
import type { Tx } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";

/**
 * Locks contacts for the rest of the transaction, in id order, so that two
 * transactions locking overlapping sets (a merge of a into b beside one of b
 * into a) wait for each other instead of deadlocking. Whatever a waiting
 * transaction reads next is what the other one committed: contacts it removed
 * are gone.
 */
export async function lockContacts(tx: Tx, ids: bigint[]): Promise<void> {
  await runSql(tx).rows`SELECT id FROM contacts WHERE id = ANY(${ids}::bigint[]) ORDER BY id FOR UPDATE`;
}
