import "server-only";
import { runSql } from "@/lib/db/run-sql";
import { announceEvents } from "@/lib/events/announce-events";
import { announcement } from "@/lib/events/announcement-sql";
import { eventRows, insertEvents } from "@/lib/events/events-sql";
import { forgetWaitingCalls } from "@/lib/queue/entries/waiting-calls-cache";
import { telephony } from "@/lib/telephony/port";

// Due callbacks become callback queue entries, on whichever server looks
// first (SKIP LOCKED), in one statement: the entry (a caller who asked to be
// called back, with the callback's owner to offer it to first), the callback
// marked due and pointing at it, and queue.entry.added. The entry's call id
// is made from the callback's id in the provider's shape (by its adapter), so
// the call log of the call back names it as its parent like any callback's.
const queueDue = (callSid: string) => `
WITH due AS (
  SELECT id FROM scheduled_callbacks WHERE status = 'scheduled' AND due_at <= now() ORDER BY due_at LIMIT 200 FOR UPDATE SKIP LOCKED
), made AS (
  INSERT INTO queue_entries (organization_id, call_sid, queue_name, from_number, to_number, contact_id, department_id, callback_requested_at, owner_user_id, updated_at)
  SELECT s.organization_id, ${callSid}, 'CB' || s.id, c.phone, '', c.id, q.department_id, s.due_at, s.owner_id, now()
  FROM due JOIN scheduled_callbacks s ON s.id = due.id JOIN contacts c ON c.id = s.contact_id JOIN queues q ON q.id = s.queue_id
  ON CONFLICT (call_sid) DO NOTHING
  RETURNING id, organization_id, call_sid, from_number, contact_id, department_id
), marked AS (
  UPDATE scheduled_callbacks s SET status = 'due', queue_entry_id = m.id, updated_at = now()
  FROM made m WHERE m.call_sid = ${callSid}
), published AS (
  ${insertEvents(
    eventRows({
      type: "queue.entry.added",
      record: { organization_id: "organization_id", department_id: "department_id" },
      data: { id: "id", call_sid: "call_sid", from: "from_number", contact_id: "contact_id", department_id: "department_id", callback: "true", transferred: "false", returned: "NULL" },
      from: "FROM made",
    }),
  )}
)
SELECT p.organization_id, ${announcement("p")} AS announcement FROM published p`;

/** Turns the callbacks due now into queue entries; answers the organizations that got some. */
export async function queueDueCallbacks(): Promise<number[]> {
  const rows = await runSql().rows<{ organization_id: number; announcement: string }>(queueDue(telephony().callSidSql("'scheduled-callback-' || s.id")));
  announceEvents(rows.map((row) => row.announcement));
  const organizations = [...new Set(rows.map((row) => row.organization_id))];
  for (const organizationId of organizations) forgetWaitingCalls(organizationId);
  return organizations;
}
