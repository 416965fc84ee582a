import "server-only";
import type { Tx } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";

// What a merge removes and changes, kept so it can be undone (undo-merge.ts):
// every column of the contacts involved, exactly as stored, and every record
// that pointed at a removed contact (deleting it would unlink or delete them).

export interface MergeSnapshot {
  primary: Record<string, unknown>;
  removed: Record<string, unknown>[];
  /** Removed contact id → the ids of its call logs and queue entries. */
  call_logs: Record<string, string[]>;
  queue_entries: Record<string, string[]>;
  /** Campaign contacts of the removed contacts (deleted with them), whole rows. */
  campaign_contacts: Record<string, unknown>[];
}

export async function takeMergeSnapshot(tx: Tx, primaryId: bigint, duplicateIds: bigint[]): Promise<MergeSnapshot> {
  const [rows, calls, entries, campaignContacts] = await Promise.all([
    runSql(tx).rows<{ id: bigint; row: Record<string, unknown> }>`SELECT c.id, to_jsonb(c) AS row FROM contacts c WHERE c.id = ANY(${[primaryId, ...duplicateIds]}::bigint[])`,
    runSql(tx).rows<{ contact_id: bigint; ids: string[] }>`SELECT contact_id, array_agg(id::text) AS ids FROM call_logs WHERE contact_id = ANY(${duplicateIds}::bigint[]) GROUP BY contact_id`,
    runSql(tx).rows<{ contact_id: bigint; ids: string[] }>`SELECT contact_id, array_agg(id::text) AS ids FROM queue_entries WHERE contact_id = ANY(${duplicateIds}::bigint[]) GROUP BY contact_id`,
    runSql(tx).rows<{ row: Record<string, unknown> }>`SELECT to_jsonb(cc) AS row FROM campaign_contacts cc WHERE cc.contact_id = ANY(${duplicateIds}::bigint[])`,
  ]);
  const byContact = (list: { contact_id: bigint; ids: string[] }[]) => Object.fromEntries(list.map((r) => [String(r.contact_id), r.ids]));
  return {
    primary: rows.find((r) => r.id === primaryId)!.row,
    removed: rows.filter((r) => r.id !== primaryId).map((r) => r.row),
    call_logs: byContact(calls),
    queue_entries: byContact(entries),
    campaign_contacts: campaignContacts.map((r) => r.row),
  };
}

/** Stores the snapshot of a merge; returns its id (the handle for undoing it). */
export async function recordMerge(
  tx: Tx,
  merge: { organization_id: number; department_id: number | null; user_id: number; primary_id: bigint; mode: string; snapshot: MergeSnapshot },
): Promise<number> {
  const created = await tx.contactMerge.create({
    data: { ...merge, snapshot: JSON.parse(JSON.stringify(merge.snapshot, (_k, v) => (typeof v === "bigint" ? v.toString() : v))) },
    select: { id: true },
  });
  return Number(created.id);
}
