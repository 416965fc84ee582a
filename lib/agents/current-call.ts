import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { rawQuery } from "@/lib/db/raw-sql";

export interface CurrentCall {
  phase: "connected" | "ended";
  call_sid: string;
  direction: string;
  number: string;
  contact_id: number | null;
  contact_name: string | null;
  started_at: Date | null;
  ended_at: Date | null;
  call_log_id: number | null;
  notes: string | null;
  /** The caller hears the hold music (issue 22). */
  on_hold: boolean;
}

interface Row extends Omit<CurrentCall, "contact_id" | "call_log_id"> {
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
  SELECT 'connected', l.call_sid, 'outbound', l.number, l.contact_id::text, c.name, COALESCE(l.answered_at, l.started_at), NULL, NULL, NULL, l.state = 'held'
  FROM agent_statuses a
  JOIN live_calls l ON l.call_sid = a.current_call_sid AND l.organization_id = a.organization_id AND l.user_id = a.user_id AND l.ended_at IS NULL AND l.direction <> 'inbound'
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

export async function currentCall(actor: Pick<SessionUser, "id" | "organization_id">): Promise<CurrentCall | null> {
  const [row] = await rawQuery<Row>(CURRENT_CALL, [actor.id, actor.organization_id]);
  if (!row) return null;
  return { ...row, contact_id: row.contact_id === null ? null : Number(row.contact_id), call_log_id: row.call_log_id === null ? null : Number(row.call_log_id) };
}
