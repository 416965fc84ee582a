import "server-only";
import type { Tx } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";

/** A contact's call summary (count, last call, its outcome), recomputed from its call history. */
export async function recomputeCallSummary(tx: Tx, contactId: bigint): Promise<void> {
  await runSql(tx).count`
    UPDATE contacts c SET
      total_calls = (SELECT count(*) FROM call_logs l WHERE l.contact_id = c.id),
      last_called_at = (SELECT max(created_at) FROM call_logs l WHERE l.contact_id = c.id),
      last_call_outcome = (SELECT status FROM call_logs l WHERE l.contact_id = c.id ORDER BY created_at DESC, id DESC LIMIT 1)
    WHERE c.id = ${contactId}`;
}
