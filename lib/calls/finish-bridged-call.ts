import "server-only";
import { AFTER_MOVE, MOVED, moveAllowed } from "@/lib/agents/move-agents";
import { allowedMoves } from "@/lib/agents/agent-states";
import { prepared } from "@/lib/db/prepared";
import { runSql } from "@/lib/db/run-sql";
import { announceEvents } from "@/lib/events/announce-events";
import { announcement } from "@/lib/events/announcement-sql";
import { eventRows, insertEvents } from "@/lib/events/events-sql";

// An answered queue call ending (the provider's dequeue callback, "bridged")
// is on every answered call's path. It is the change finishQueueEntry makes
// through endCall (decision 015): the entry completed, the live call closed
// (its hold time, an open card payment failed), the call logged as
// recordCallLog logs it with the contact's call summary, the agent moved to
// wrap-up (or back Offline) as endAgentCall moves them, and queue.entry.left,
// call.ended and agent.status.changed published; but as one statement, where
// the interactive transaction took eight round trips (issue 61, point 4).
// It only acts when nothing else is involved: no call log of that CallSid yet
// (a retried delivery), no third party, supervisor or consultation still on
// the call. Anything else takes the general path, which tells those apart.
const FINISH = prepared(`
  WITH found AS (
    SELECT e.id, e.from_number, e.contact_id, e.enqueued_at, e.accepted_at, e.accepted_by_user_id AS agent_id
    FROM queue_entries e
    WHERE e.call_sid = $2::text AND e.organization_id = $1::int AND e.status = 'accepted'
      AND e.accepted_by_user_id IS NOT NULL AND e.callback_requested_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM call_logs c WHERE c.call_sid = $2::text)
      AND NOT EXISTS (SELECT 1 FROM live_calls l JOIN call_participants p ON p.live_call_id = l.id
                      WHERE l.organization_id = $1::int AND l.call_sid = $2::text AND l.ended_at IS NULL
                        AND p.left_at IS NULL AND p.role IN ('participant', 'monitor', 'consult'))
      AND NOT EXISTS (SELECT 1 FROM live_calls c
                      WHERE c.organization_id = $1::int AND c.parent_call_sid = $2::text AND c.state = 'consult' AND c.ended_at IS NULL)
    LIMIT 1 FOR UPDATE OF e
  ), finished AS (
    UPDATE queue_entries q SET status = 'completed', dequeued_at = now(), updated_at = now()
    FROM found f WHERE q.id = f.id
    RETURNING q.id, q.dequeued_at
  ), live AS (
    UPDATE live_calls SET state = 'ended', ended_at = now(), updated_at = now(), held_since = NULL,
           hold_seconds = hold_seconds + COALESCE(round(extract(epoch FROM now() - held_since))::int, 0)
    WHERE organization_id = $1::int AND call_sid = $2::text AND ended_at IS NULL AND EXISTS (SELECT 1 FROM finished)
    RETURNING hold_seconds, parent_call_sid, status_before, recording_sid, recording_url, recording_duration
  ), payment AS (
    UPDATE call_payments SET status = 'failed', error = 'call-ended', capturing = NULL, ended_at = now(), updated_at = now()
    WHERE organization_id = $1::int AND call_sid = $2::text AND ended_at IS NULL AND EXISTS (SELECT 1 FROM live)
  ), ended AS (
    SELECT f.agent_id, f.contact_id, f.from_number, f.accepted_at, u.department_id AS agent_department_id,
           GREATEST(0, round(extract(epoch FROM fin.dequeued_at - f.accepted_at))::int) AS talked_seconds,
           GREATEST(0, COALESCE($3::int, round(extract(epoch FROM f.accepted_at - f.enqueued_at))::int)) AS waited_seconds,
           l.status_before AS agent_before, l.hold_seconds AS held_seconds, l.parent_call_sid AS parent_sid,
           l.recording_sid AS rec_sid, l.recording_url AS rec_url, l.recording_duration AS rec_duration
    FROM found f JOIN finished fin ON fin.id = f.id JOIN users u ON u.id = f.agent_id LEFT JOIN live l ON true
  ), logged AS (
    INSERT INTO call_logs (organization_id, department_id, user_id, contact_id, direction, phone_number, call_sid, status, duration, wait_seconds,
                           recording_url, recording_sid, recording_duration, answered_at, ended_at, started_at, updated_at, hold_seconds, parent_call_sid)
    SELECT $1::int, agent_department_id, agent_id, contact_id, 'inbound', from_number, $2::text, 'completed', talked_seconds, waited_seconds,
           rec_url, rec_sid, rec_duration, accepted_at, now(), now() - make_interval(secs => talked_seconds + waited_seconds), now(),
           COALESCE(held_seconds, 0), parent_sid
    FROM ended
    ON CONFLICT (call_sid) DO NOTHING
    RETURNING id, department_id, user_id, contact_id, duration
  ), summary AS (
    UPDATE contacts SET total_calls = total_calls + 1, last_called_at = now(), last_call_outcome = 'completed', updated_at = now()
    FROM logged WHERE contacts.id = logged.contact_id AND contacts.organization_id = $1::int
  ), call_published AS (
    ${insertEvents(
      eventRows({
        type: "queue.entry.left",
        record: { organization_id: "$1::int" },
        data: { id: "fin.id", call_sid: "$2::text", status: "'completed'", callback: "false" },
        from: "FROM finished fin",
      }),
      eventRows({
        type: "call.ended",
        record: { organization_id: "$1::int", department_id: "COALESCE(l.department_id, (SELECT department_id FROM users WHERE id = l.user_id))", user_id: "l.user_id" },
        data: {
          call_log_id: "l.id",
          call_sid: "$2::text",
          direction: "'inbound'",
          status: "'completed'",
          duration: "l.duration",
          user_id: "l.user_id",
          contact_id: "l.contact_id",
          campaign_id: "NULL",
        },
        from: "FROM logged l",
      }),
    )}
  ), moved AS (
    UPDATE agent_statuses SET status = CASE WHEN e.agent_before = 'offline' THEN 'offline' ELSE 'wrap_up' END,
           current_call_sid = NULL, notice = NULL, changed_at = $4::timestamptz, previous_status = agent_statuses.status,
           resume_status = COALESCE(agent_statuses.resume_status, CASE WHEN e.agent_before IN ('busy', 'missed') THEN e.agent_before END)
    FROM ended e
    WHERE agent_statuses.user_id = e.agent_id AND agent_statuses.organization_id = $1::int AND agent_statuses.status = 'busy'
      AND (agent_statuses.current_call_sid IS NULL OR agent_statuses.current_call_sid = $2::text)
      AND EXISTS (SELECT 1 FROM logged)
    ${MOVED}
  ), ${AFTER_MOVE},
  published AS (SELECT * FROM call_published UNION ALL SELECT * FROM moved_published)
  SELECT (SELECT array_agg(${announcement("p")} ORDER BY p.id) FROM published p) AS announcements,
         (SELECT bool_and(${moveAllowed("m", 5)}) FROM moved m) AS allowed
  FROM finished`);

/**
 * The answered call ended, when nothing but its caller and its agent was on
 * it: true when this statement finished it (the waiting list this process
 * keeps need not be forgotten: nobody waiting moved); false when the general
 * path must decide.
 */
export async function finishBridgedCall({ organizationId, callSid, queueTime }: { organizationId: number; callSid: string; queueTime?: number }): Promise<boolean> {
  const [row] = await runSql().rows<{ announcements: string[] | null }>(FINISH, [
    organizationId,
    callSid,
    queueTime === undefined ? null : Math.round(queueTime),
    new Date(),
    allowedMoves("call_ends"),
    "call_ends",
  ]);
  if (!row) return false;
  announceEvents(row.announcements);
  return true;
}
