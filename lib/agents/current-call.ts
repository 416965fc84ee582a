import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { serializePayment } from "@/lib/calls/payments/payment-schemas";
import type { z } from "zod";
import type { currentCallAnswer } from "./agent-status-answer";

/** The call a page reloaded in the middle of (agent-status-answer.ts says each field). */
export type CurrentCall = z.output<typeof currentCallAnswer>;

interface Row extends Omit<CurrentCall, "contact_id" | "call_log_id" | "state" | "recording" | "monitored" | "transferred_from" | "participant" | "direction" | "payment"> {
  direction: string;
  contact_id: string | null;
  call_log_id: string | null;
}

// The call a page reloaded in the middle of: the server's own record of it,
// so the call panel comes back as it was. Busy on a queue call: the caller
// the agent accepted. Busy on a call they dialed (manual, preview): its live
// call. In wrap-up: the agent's last logged call (newest by the
// (user_id, created_at) index), whose notes
// the panel saves. Anything else: no call.
const CURRENT_CALL = `
  SELECT 'connected' AS phase, q.call_sid, 'inbound' AS direction, q.from_number AS number, q.contact_id::text, c.name AS contact_name,
         q.accepted_at AS started_at, NULL::timestamptz AS ended_at, NULL::text AS call_log_id, NULL::text AS notes, COALESCE(l.state = 'held', false) AS on_hold
  FROM agent_statuses a
  JOIN queue_entries q ON q.call_sid = a.current_call_sid AND q.organization_id = a.organization_id AND q.accepted_by_user_id = a.user_id AND q.status = 'accepted'
  LEFT JOIN contacts c ON c.id = q.contact_id AND c.organization_id = q.organization_id
  LEFT JOIN live_calls l ON l.call_sid = q.call_sid AND l.organization_id = q.organization_id AND l.ended_at IS NULL
  WHERE a.user_id = $1 AND a.organization_id = $2 AND a.status = 'busy'
  UNION ALL
  SELECT 'connected', l.call_sid, CASE WHEN l.direction = 'inbound' THEN 'inbound' ELSE 'outbound' END, l.number, l.contact_id::text, c.name, COALESCE(l.answered_at, l.started_at),
    NULL, NULL, NULL, l.state = 'held'
  FROM agent_statuses a
  JOIN live_calls l ON l.call_sid = a.current_call_sid AND l.organization_id = a.organization_id AND l.user_id = a.user_id AND l.ended_at IS NULL
                   AND (l.direction <> 'inbound' OR l.parent_call_sid IS NOT NULL)
  LEFT JOIN contacts c ON c.id = l.contact_id AND c.organization_id = l.organization_id
  WHERE a.user_id = $1 AND a.organization_id = $2 AND a.status = 'busy'
  UNION ALL
  -- A third party on a colleague's call: their leg is a participant of that call, not a call of their own.
  SELECT 'connected', l.call_sid, CASE WHEN l.direction = 'inbound' THEN 'inbound' ELSE 'outbound' END, l.number, l.contact_id::text, c.name, COALESCE(p.joined_at, p.created_at), NULL,
    NULL, NULL, l.state = 'held'
  FROM agent_statuses a
  JOIN call_participants p ON p.leg_sid = a.current_call_sid AND p.organization_id = a.organization_id AND p.user_id = a.user_id AND p.role = 'participant' AND p.left_at IS NULL
  JOIN live_calls l ON l.id = p.live_call_id AND l.ended_at IS NULL
  LEFT JOIN contacts c ON c.id = l.contact_id AND c.organization_id = l.organization_id
  WHERE a.user_id = $1 AND a.organization_id = $2 AND a.status = 'busy'
  UNION ALL
  (SELECT 'ended', l.call_sid, CASE WHEN l.direction = 'inbound' THEN 'inbound' ELSE 'outbound' END, l.phone_number, l.contact_id::text, c.name,
          l.started_at, l.ended_at, l.id::text, l.notes, false
   FROM agent_statuses a
   JOIN call_logs l ON l.user_id = a.user_id AND l.organization_id = a.organization_id
   LEFT JOIN contacts c ON c.id = l.contact_id AND c.organization_id = l.organization_id
   WHERE a.user_id = $1 AND a.organization_id = $2 AND a.status = 'wrap_up'
   ORDER BY l.created_at DESC LIMIT 1)
  LIMIT 1`;

// What the panel shows about a connected call beyond its caller: a consultation,
// a supervisor whispering or barged in, who transferred it.
const CALL_CONTROL = `
  SELECT l.state, l.recording_state, m.monitor_mode, mu.name AS monitor_by, pu.name AS transferred_from, me.id::text AS participant_id, meu.name AS added_by
  FROM live_calls l
  LEFT JOIN LATERAL (SELECT c.monitor_mode, c.user_id FROM call_participants c
                     WHERE c.live_call_id = l.id AND c.role = 'monitor' AND c.left_at IS NULL AND c.monitor_mode IN ('whisper', 'barge')
                     ORDER BY c.id DESC LIMIT 1) m ON true
  LEFT JOIN users mu ON mu.id = m.user_id
  LEFT JOIN live_calls p ON p.call_sid = l.parent_call_sid AND p.organization_id = l.organization_id
  LEFT JOIN users pu ON pu.id = p.user_id
  LEFT JOIN call_participants me ON me.live_call_id = l.id AND me.user_id = $3 AND me.role = 'participant' AND me.left_at IS NULL
  LEFT JOIN users meu ON meu.id = me.added_by_user_id
  WHERE l.call_sid = $1 AND l.organization_id = $2 AND l.ended_at IS NULL`;

export async function currentCall(actor: Pick<SessionUser, "id" | "organization_id">): Promise<CurrentCall | null> {
  const [row] = await runSql().rows<Row>(CURRENT_CALL, [actor.id, actor.organization_id]);
  if (!row) return null;
  const payment = row.phase === "connected" ? await prisma.callPayment.findFirst({ where: { organization_id: actor.organization_id, call_sid: row.call_sid }, orderBy: { id: "desc" } }) : null;
  const [control] =
    row.phase === "connected"
      ? await runSql().rows<{
          state: string;
          recording_state: string | null;
          monitor_mode: string | null;
          monitor_by: string | null;
          transferred_from: string | null;
          participant_id: string | null;
          added_by: string | null;
        }>(CALL_CONTROL, [row.call_sid, actor.organization_id, actor.id])
      : [];
  return {
    ...row,
    direction: row.direction === "inbound" ? "inbound" : "outbound", // the statement says one of the two
    contact_id: row.contact_id === null ? null : Number(row.contact_id),
    call_log_id: row.call_log_id === null ? null : Number(row.call_log_id),
    state: control?.state ?? null,
    recording: control?.recording_state === "paused" ? "paused" : control?.recording_state === "recording" ? "recording" : null,
    monitored: control?.monitor_mode ? { mode: control.monitor_mode, by: control.monitor_by } : null,
    transferred_from: control?.transferred_from ?? null,
    participant: control?.participant_id ? { id: Number(control.participant_id), added_by: control.added_by } : null,
    payment: payment ? serializePayment(payment) : null,
  };
}
