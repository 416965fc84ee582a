import "server-only";
import type { Tx } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { publishEvent } from "@/lib/events/publish-event";
import { forgetWaitingCalls } from "@/lib/queue/entries/waiting-calls-cache";

// A caller who asked to be called back (issue 23) is a queue entry like any
// waiting call until an agent accepts it; then the agent's softphone dials
// them. These two functions are the callback's own moves: the dial starts
// (the entry is connected to the agent's call) and the dial ends (the entry
// is done, or, nobody reached, it joins the abandoned follow-up list).

/**
 * The agent's device dials the callback it accepted: only the agent who holds
 * the entry, once (a retried request with the same CallSid gets the same
 * answer). The number dialed is the caller's, from the entry, whatever the
 * device asked for. null: not this agent's callback (taken back meanwhile).
 */
export async function startCallback({ organizationId, agentId, callSid, entryId }: { organizationId: number; agentId: number; callSid: string; entryId: string }) {
  const [entry] = await runSql().rows<{ call_sid: string; from_number: string; contact_id: string | null }>(
    `UPDATE queue_entries SET connected_at = COALESCE(connected_at, now()), callback_call_sid = $4::text, updated_at = now()
     WHERE id = $1::bigint AND organization_id = $2 AND accepted_by_user_id = $3 AND status = 'accepted'
       AND callback_requested_at IS NOT NULL AND (callback_call_sid IS NULL OR callback_call_sid = $4::text)
     RETURNING call_sid, from_number, contact_id::text`,
    [entryId, organizationId, agentId, callSid],
  );
  return entry ? { inboundCallSid: entry.call_sid, number: entry.from_number, contactId: entry.contact_id } : null;
}

/** The callback this call is, if it is one: its caller's first call (the log's parent). */
export async function callbackOf(organizationId: number, callSid: string): Promise<{ id: string; call_sid: string } | null> {
  const [entry] = await runSql().rows<{ id: string; call_sid: string }>("SELECT id::text, call_sid FROM queue_entries WHERE callback_call_sid = $1 AND organization_id = $2", [
    callSid,
    organizationId,
  ]);
  return entry ?? null;
}

/**
 * The agent's call back ended, in the transaction that logs it: reached, the
 * entry is completed; not reached (no answer, busy, failed), it is abandoned
 * and so in the follow-up list, marked as a callback, for another try.
 */
export async function settleCallback(tx: Tx, { organizationId, callSid, reached }: { organizationId: number; callSid: string; reached: boolean }): Promise<void> {
  const status = reached ? "completed" : "abandoned";
  const [entry] = await runSql(tx).rows<{ id: bigint; call_sid: string; department_id: number | null }>`
    UPDATE queue_entries SET status = ${status}, dequeued_at = now(), updated_at = now()
    WHERE callback_call_sid = ${callSid} AND organization_id = ${organizationId} AND status = 'accepted'
    RETURNING id, call_sid, department_id`;
  if (!entry) return;
  await publishEvent({ type: "queue.entry.left", record: { organization_id: organizationId }, data: { id: Number(entry.id), call_sid: entry.call_sid, status, callback: true } }, tx);
  forgetWaitingCalls(organizationId);
}
