import "server-only";
import { prepared } from "@/lib/db/prepared";
import { runSql } from "@/lib/db/run-sql";
import { announceEvents } from "@/lib/events/announce-events";
import { announcement } from "@/lib/events/announcement-sql";
import { eventRows, insertEvents } from "@/lib/events/events-sql";
import { forgetWaitingCalls } from "@/lib/queue/entries/waiting-calls-cache";

// A caller who hangs up while still waiting is the busiest write a queue has
// (every abandoned call, two callbacks each). It is the same change
// finishQueueEntry makes for it (the entry abandoned, the call logged as
// recordCallLog logs it, the contact's call summary moved, call.ended and
// queue.entry.left published), but as one statement: one round trip and one
// commit instead of an interactive transaction of seven, which cost the
// server more CPU than everything else in the webhook together.
// It only acts when nothing else can be involved: no agent, and no call log
// of that CallSid anywhere (a retried or colliding delivery takes the general
// path, which tells those cases apart).
const ABANDON = prepared(`
WITH left_queue AS (
  UPDATE queue_entries q SET status = 'abandoned', dequeued_at = now(), updated_at = now()
  WHERE q.call_sid = $2::text AND q.organization_id = $1::int AND q.status = 'waiting' AND q.accepted_by_user_id IS NULL AND q.callback_requested_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM call_logs c WHERE c.call_sid = $2::text)
  RETURNING q.id, q.from_number, q.contact_id,
            GREATEST(0, COALESCE($4::int, round(extract(epoch FROM now() - q.enqueued_at))::int)) AS wait_seconds
), logged AS (
  INSERT INTO call_logs (organization_id, contact_id, direction, phone_number, call_sid, status, duration, wait_seconds, ended_at, started_at, updated_at)
  SELECT $1::int, contact_id, 'inbound', from_number, $2::text, $3::text, 0, wait_seconds, now(), now() - make_interval(secs => wait_seconds), now()
  FROM left_queue
  RETURNING id, contact_id
), summary AS (
  UPDATE contacts SET total_calls = total_calls + 1, last_called_at = now(), last_call_outcome = $3::text, updated_at = now()
  FROM logged WHERE contacts.id = logged.contact_id AND contacts.organization_id = $1::int
), published AS (
  ${insertEvents(
    eventRows({
      type: "call.ended",
      record: { organization_id: "$1::int" },
      data: { call_log_id: "id", call_sid: "$2::text", direction: "'inbound'", status: "$3::text", duration: "0", user_id: "NULL", contact_id: "contact_id", campaign_id: "NULL" },
      from: "FROM logged",
    }),
    eventRows({ type: "queue.entry.left", record: { organization_id: "$1::int" }, data: { id: "id", call_sid: "$2::text", status: "'abandoned'", callback: "false" }, from: "FROM left_queue" }),
  )}
)
SELECT (SELECT array_agg(${announcement("p")} ORDER BY p.id) FROM published p) AS announcements,
       (SELECT status FROM queue_entries WHERE call_sid = $2::text AND organization_id = $1::int LIMIT 1) AS entry_status,
       EXISTS (SELECT 1 FROM live_calls WHERE organization_id = $1::int AND customer_leg_sid = $2::text AND ended_at IS NULL
               AND parent_call_sid IS NOT NULL AND state <> 'consult') AS handed_over`);

/**
 * What the statement found when it abandoned nothing, read in the same round
 * trip (a call's final status asks it next): the call's queue entry's state
 * (as the statement began), and whether the caller's call was handed over (a
 * transfer, a wait in the queue again: a part of it is still live under
 * another CallSid, callerHungUp's).
 */
export type AbandonAnswer = { abandoned: true } | { abandoned: false; entryStatus: string | null; handedOver: boolean };

/**
 * The caller left the queue before any agent took the call: `abandoned` when
 * this was that call, and it is now abandoned, logged and announced (the
 * waiting list this process keeps is forgotten); otherwise the general path
 * must decide (no such waiting call, an agent involved, a log already there),
 * with what the statement found.
 */
export async function abandonWaitingCall({
  organizationId,
  callSid,
  logStatus,
  queueTime,
}: {
  organizationId: number;
  callSid: string;
  logStatus: "no-answer" | "failed";
  queueTime?: number;
}): Promise<AbandonAnswer> {
  const [row] = await runSql().rows<{ announcements: string[] | null; entry_status: string | null; handed_over: boolean }>(ABANDON, [
    organizationId,
    callSid,
    logStatus,
    queueTime === undefined ? null : Math.round(queueTime),
  ]);
  if (!row.announcements) return { abandoned: false, entryStatus: row.entry_status, handedOver: row.handed_over };
  announceEvents(row.announcements);
  forgetWaitingCalls(organizationId);
  return { abandoned: true };
}
