import "server-only";
import { rawQuery } from "@/lib/db/raw-sql";
import { callSidOfAnotherOrganization } from "@/lib/calls/call-sid-collision";
import { publishEvent } from "@/lib/events/publish-event";
import { AppError } from "@/lib/http/errors";
import { forgetWaitingCalls } from "./list-waiting-calls";

/**
 * An inbound call joins the queue. Each waiting call gets a provider queue of
 * its own (named after its CallSid), so when an agent accepts it, <Dial><Queue>
 * can only ever reach that caller. One statement: a retried delivery finds the
 * entry already there and gets it back unchanged; the caller's contact, when
 * the number is known, is linked on the way in. A CallSid another
 * organization already holds is refused (CallSids are unique across accounts,
 * so a collision is a forgery or a misrouted number), and nothing changes.
 */
export async function enqueueCall({ organizationId, callSid, from, to, departmentId = null }: { organizationId: number; callSid: string; from: string; to: string; departmentId?: number | null }) {
  if (!/^CA[0-9a-zA-Z]{10,62}$/.test(callSid)) throw new AppError("bad_request", "CallSid is missing or malformed.");
  const [entry] = await rawQuery<{ id: string; queue_name: string; status: string; created: boolean; contact_id: string | null }>(
    `INSERT INTO queue_entries (organization_id, call_sid, queue_name, from_number, to_number, contact_id, department_id, updated_at)
     VALUES ($1, $2::text, $3::text, $4::text, $5::text, (SELECT id FROM contacts WHERE organization_id = $1 AND phone = $4::text), $6::int, now())
     ON CONFLICT (call_sid) DO UPDATE SET call_sid = queue_entries.call_sid WHERE queue_entries.organization_id = $1
     RETURNING id, queue_name, status, (xmax = 0) AS created, contact_id::text`,
    [organizationId, callSid, `q_${callSid}`, from, to, departmentId],
  );
  if (!entry) throw callSidOfAnotherOrganization({ organizationId, callSid });
  forgetWaitingCalls(organizationId);
  if (entry.created) {
    // A department's caller is news to those who serve that department's queue only.
    await publishEvent({
      type: "queue.entry.added",
      visibility: "queue",
      record: { organization_id: organizationId, department_id: departmentId },
      data: { id: Number(entry.id), call_sid: callSid, from, contact_id: entry.contact_id === null ? null : Number(entry.contact_id), department_id: departmentId },
    });
  }
  return entry;
}
