import "server-only";
import { AFTER_MOVE, MOVED, moveAllowed } from "@/lib/agents/move-agents";
import { allowedMoves } from "@/lib/agents/agent-states";
import type { SessionUser } from "@/lib/auth/session-user";
import { prepared } from "@/lib/db/prepared";
import { runSql } from "@/lib/db/run-sql";
import { AppError } from "@/lib/errors/app-error";
import { announceEvents } from "@/lib/events/announce-events";
import { announcement } from "@/lib/events/announcement-sql";
import { eventRows, insertEvents } from "@/lib/events/events-sql";

/**
 * The agent takes a waiting call, in one statement: the call offered to them
 * (`offerId`: the offer is answered with it) or one they chose from the list
 * (`entryId`). One conditional UPDATE (waiting → accepted, only while the
 * agent is Available) claims it, so of two agents racing for the same call
 * exactly one wins; the other gets 409. The same statement makes the agent
 * Busy on the call (through the agent-state table, AFTER_MOVE), and writes
 * queue.entry.accepted and call.started: accepting is on every call's path,
 * and was eight round trips in a transaction (issue 61, point 4). A caller
 * who asked to be called back (issue 23) is not on the line: the agent's
 * softphone dials them, and that dial makes them Busy.
 *
 * The offer's row is locked first (FOR UPDATE), as answering it did: the
 * sweep that expires offers and this claim take it one after the other, so a
 * call is never both claimed and its offer expired.
 */
const CLAIM = prepared(`
  WITH offer AS (
    SELECT queue_entry_id FROM offers
    WHERE id = $5::bigint AND user_id = $3::int AND organization_id = $4::int AND status = 'open' AND expires_at > now()
    FOR UPDATE
  ), target AS (
    SELECT queue_entry_id AS id FROM offer
    UNION ALL SELECT $6::bigint WHERE $5::bigint IS NULL
  ), claimed AS (
    UPDATE queue_entries e SET status = 'accepted', accepted_by_user_id = $3::int, accepted_at = now(), updated_at = now()
    FROM target t
    WHERE e.id = t.id AND e.organization_id = $4::int AND e.status = 'waiting'
      AND EXISTS (SELECT 1 FROM agent_statuses WHERE user_id = $3::int AND status = 'available')
    RETURNING e.id, e.queue_name, e.call_sid, e.callback_requested_at, e.from_number
  ), answered AS (
    UPDATE offers SET status = 'accepted', answered_at = now()
    WHERE id = $5::bigint AND EXISTS (SELECT 1 FROM claimed)
  ), entry_published AS (
    ${insertEvents(eventRows({ type: "queue.entry.accepted", record: { organization_id: "$4::int" }, data: { id: "c.id", call_sid: "c.call_sid", user_id: "$3::int" }, from: "FROM claimed c" }))}
  ), moved AS (
    UPDATE agent_statuses SET status = $1::text, current_call_sid = c.call_sid, notice = NULL, changed_at = $2::timestamptz,
           previous_status = agent_statuses.status, resume_status = NULL
    FROM claimed c
    WHERE agent_statuses.user_id = $3::int AND c.callback_requested_at IS NULL
    ${MOVED}
  ), ${AFTER_MOVE},
  call_published AS (
    ${insertEvents(
      eventRows({
        type: "call.started",
        record: { organization_id: "$4::int", department_id: "$7::int", user_id: "$3::int" },
        data: { call_sid: "m.current_call_sid", direction: "'inbound'", user_id: "$3::int", campaign_id: "NULL" },
        from: "FROM moved m",
      }),
    )}
  ), published AS (
    SELECT * FROM entry_published UNION ALL SELECT * FROM moved_published UNION ALL SELECT * FROM call_published
  )
  SELECT c.id::text AS id, c.queue_name, c.call_sid, c.callback_requested_at IS NOT NULL AS callback, c.from_number,
         (SELECT array_agg(${announcement("p")} ORDER BY p.id) FROM published p) AS announcements,
         (SELECT bool_and(${moveAllowed("m", 8)}) FROM moved m) AS allowed
  FROM claimed c`);

interface Claimed {
  id: string;
  queue_name: string;
  call_sid: string;
  callback: boolean;
  from_number: string;
  announcements: string[] | null;
}

export async function claimWaitingCall(actor: SessionUser, call: { offerId: bigint } | { entryId: bigint }) {
  const offerId = "offerId" in call ? call.offerId : null;
  const entryId = "entryId" in call ? call.entryId : null;
  const [claimed] = await runSql().rows<Claimed>(CLAIM, [
    "busy",
    new Date(),
    actor.id,
    actor.organization_id,
    offerId?.toString() ?? null,
    entryId?.toString() ?? null,
    actor.department_id,
    allowedMoves("call_starts"),
    "call_starts",
  ]);
  if (!claimed) throw await whyNotClaimed(actor, offerId);
  announceEvents(claimed.announcements);
  const { id, queue_name, call_sid, from_number } = claimed;
  if (claimed.callback) return { action: "call_back" as const, queue: queue_name, call_sid, number: from_number, params: { To: from_number, CallbackEntryId: id } };
  return { action: "dial_queue" as const, queue: queue_name, call_sid, params: { QueueName: queue_name, QueueEntryId: id } };
}

const WHY = prepared(`
  SELECT (SELECT status FROM agent_statuses WHERE user_id = $1::int) AS agent_status,
         o.status AS offer_status, o.expires_at > now() AS offer_in_time
  FROM (SELECT 1) one LEFT JOIN offers o ON o.id = $3::bigint AND o.user_id = $1::int AND o.organization_id = $2::int`);

/** Why a claim failed, asked only when it did: the offer is not theirs (404) or no longer open (409), they are not Available, or the call is gone (409). */
async function whyNotClaimed(actor: SessionUser, offerId: bigint | null): Promise<AppError> {
  const [why] = await runSql().rows<{ agent_status: string | null; offer_status: string | null; offer_in_time: boolean | null }>(WHY, [actor.id, actor.organization_id, offerId?.toString() ?? null]);
  if (offerId !== null) {
    if (!why.offer_status) return AppError.notFound();
    if (why.offer_status !== "open") return AppError.conflict(`This offer is no longer open: it was ${why.offer_status}.`);
    if (!why.offer_in_time) return AppError.conflict("This offer has run out of time.");
  }
  if (why.agent_status !== "available") return AppError.conflict("Set yourself Available before accepting calls.");
  return AppError.conflict("This call has already been taken or has ended.");
}
