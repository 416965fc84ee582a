import "server-only";
import { publishEvent } from "@/lib/events/publish-event";
import type { Tx } from "@/lib/db/client";
import { callSidOfAnotherOrganization } from "./call-sid-collision";
import type { CallLogStatus } from "@/lib/telephony/call-status";
import { runSql } from "@/lib/db/run-sql";

export interface CallLogEntry {
  organization_id: number;
  department_id: number | null;
  user_id: number | null;
  contact_id: bigint | null;
  campaign_id?: number | null;
  direction: "outbound-manual" | "outbound-campaign" | "inbound";
  phone_number: string;
  call_sid: string;
  status: CallLogStatus;
  duration: number;
  wait_seconds?: number | null;
  /** The call's one recording, when the provider's report came before the call's end (see attachRecording). */
  recording_url?: string | null;
  recording_sid?: string | null;
  recording_duration?: number | null;
  answered_at?: Date | null;
  hold_seconds?: number;
  parent_call_sid?: string | null;
}

/**
 * Writes the call log of a finished call once per CallSid. The provider
 * retries callbacks, and some calls report through two callbacks (a manual
 * call's two legs): a second delivery finds the row and changes nothing but
 * facts that only grow (a longer duration, a recording that arrived later) or
 * were missing (the agent, known only to the agent's leg).
 * The first write also moves the contact's call summary. Every write names the
 * organization: a CallSid already logged by another organization is refused
 * (409, and the transaction it runs in changes nothing).
 */
export async function recordCallLog(db: Tx, entry: CallLogEntry): Promise<{ created: boolean }> {
  const inserted = await runSql(db).rows<{ id: bigint }>`
    INSERT INTO call_logs (organization_id, department_id, user_id, contact_id, campaign_id, direction, phone_number,
                           call_sid, status, duration, wait_seconds, recording_url, recording_sid, recording_duration,
                           answered_at, ended_at, started_at, updated_at, hold_seconds, parent_call_sid)
    VALUES (${entry.organization_id}, ${entry.department_id}, ${entry.user_id}, ${entry.contact_id}, ${entry.campaign_id ?? null},
            ${entry.direction}, ${entry.phone_number}, ${entry.call_sid}, ${entry.status}, ${entry.duration},
            ${entry.wait_seconds ?? null}, ${entry.recording_url ?? null}, ${entry.recording_sid ?? null}, ${entry.recording_duration ?? null},
            ${entry.answered_at ?? null}, now(),
            now() - make_interval(secs => ${entry.duration + (entry.wait_seconds ?? 0)}), now(),
            ${entry.hold_seconds ?? 0}, ${entry.parent_call_sid ?? null})
    ON CONFLICT (call_sid) DO NOTHING
    RETURNING id`;
  if (inserted.length === 0) {
    const [owner] = await runSql(db).rows<{ organization_id: number }>`SELECT organization_id FROM call_logs WHERE call_sid = ${entry.call_sid}`;
    if (owner && owner.organization_id !== entry.organization_id) throw callSidOfAnotherOrganization({ organizationId: entry.organization_id, callSid: entry.call_sid });
    await runSql(db).count`
      UPDATE call_logs SET duration = GREATEST(duration, ${entry.duration}),
             recording_url = COALESCE(recording_url, ${entry.recording_url ?? null}),
             recording_sid = CASE WHEN recording_url IS NULL THEN COALESCE(${entry.recording_sid ?? null}, recording_sid) ELSE recording_sid END,
             recording_duration = CASE WHEN recording_url IS NULL THEN COALESCE(${entry.recording_duration ?? null}::int, recording_duration) ELSE recording_duration END,
             user_id = COALESCE(user_id, ${entry.user_id}), department_id = COALESCE(department_id, ${entry.department_id}),
             updated_at = now()
      WHERE call_sid = ${entry.call_sid} AND organization_id = ${entry.organization_id}
        AND (duration < ${entry.duration} OR (recording_url IS NULL AND ${entry.recording_url ?? null}::text IS NOT NULL)
             OR (user_id IS NULL AND ${entry.user_id}::int IS NOT NULL))`;
    return { created: false };
  }
  if (entry.contact_id !== null) {
    await runSql(db).count`
      UPDATE contacts SET total_calls = total_calls + 1, last_called_at = now(), last_call_outcome = ${entry.status}, updated_at = now()
      WHERE id = ${entry.contact_id} AND organization_id = ${entry.organization_id}`;
  }
  // Whoever may read this call log hears that it ended (its agent, their manager, the admins).
  await publishEvent(
    {
      type: "call.ended",
      record: { organization_id: entry.organization_id, department_id: entry.department_id, user_id: entry.user_id },
      data: {
        call_log_id: Number(inserted[0].id),
        call_sid: entry.call_sid,
        direction: entry.direction,
        status: entry.status,
        duration: entry.duration,
        user_id: entry.user_id,
        contact_id: entry.contact_id === null ? null : Number(entry.contact_id),
        campaign_id: entry.campaign_id ?? null,
      },
    },
    db,
  );
  return { created: true };
}
