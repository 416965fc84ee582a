import "server-only";
import { prepared } from "@/lib/db/prepared";
import { runSql } from "@/lib/db/run-sql";
import { callSidOfAnotherOrganization } from "@/lib/calls/call-sid-collision";
import { announceEvents } from "@/lib/events/announce-events";
import { announcement } from "@/lib/events/announcement-sql";
import { eventRows, insertEvents } from "@/lib/events/events-sql";
import { AppError } from "@/lib/errors/app-error";
import { forgetWaitingCalls } from "@/lib/queue/entries/waiting-calls-cache";

/**
 * An inbound call joins the queue. Each waiting call gets a waiting line of
 * its own at the provider (named after its call), so when an agent accepts it,
 * the agent's dial can only ever reach that caller. One statement: a retried delivery finds the
 * entry already there and gets it back unchanged (and announces nothing);
 * the caller's contact, when the number is known, is linked on the way in. A call id another
 * organization already holds is refused (the provider's ids are unique across accounts,
 * so a collision is a forgery or a misrouted number), and nothing changes.
 */
export async function enqueueCall({
  organizationId,
  callSid,
  waitingLine,
  from,
  to,
  departmentId = null,
}: {
  organizationId: number;
  callSid: string;
  waitingLine: string | null;
  from: string;
  to: string;
  departmentId?: number | null;
}) {
  if (!callSid || !waitingLine) throw new AppError("bad_request", "The call's id is missing or malformed.");
  const [row] = await runSql().rows<{ id: string; queue_name: string; status: string; created: boolean; contact_id: string | null; announcement: string | null }>(ENQUEUE, [
    organizationId,
    callSid,
    waitingLine,
    from,
    to,
    departmentId,
  ]);
  if (!row) throw callSidOfAnotherOrganization({ organizationId, callSid });
  const { announcement: news, ...entry } = row;
  announceEvents([news]);
  forgetWaitingCalls(organizationId);
  return entry;
}

/**
 * enqueueCall, tried again after a database failure (a dropped connection, a
 * restart): a caller who was answered with the wait music before their entry
 * was written (answerInTime) must still end up in the line. A refusal is final.
 */
export async function enqueueCallSurely(input: Parameters<typeof enqueueCall>[0], attempts = 4): Promise<Awaited<ReturnType<typeof enqueueCall>>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await enqueueCall(input);
    } catch (error) {
      if (error instanceof AppError || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

// The entry and, when it is new, its event (queue.entry.added, announced once
// the statement has committed: announce-events.ts), in one statement: every
// inbound call runs it. A department's caller is news to those who serve that
// department's queue only (visibility queue).
const ENQUEUE = prepared(`
  WITH entry AS (
    INSERT INTO queue_entries (organization_id, call_sid, queue_name, from_number, to_number, contact_id, department_id, updated_at)
    VALUES ($1, $2::text, $3::text, $4::text, $5::text, (SELECT id FROM contacts WHERE organization_id = $1 AND phone = $4::text), $6::int, now())
    ON CONFLICT (call_sid) DO UPDATE SET call_sid = queue_entries.call_sid WHERE queue_entries.organization_id = $1
    RETURNING id, queue_name, status, (xmax = 0) AS created, contact_id
  ), published AS (
    ${insertEvents(
      eventRows({
        type: "queue.entry.added",
        record: { organization_id: "$1::int", department_id: "$6::int" },
        data: { id: "id", call_sid: "$2::text", from: "$4::text", contact_id: "contact_id", department_id: "$6::int", callback: "false", transferred: "false", returned: "NULL" },
        from: "FROM entry WHERE created",
      }),
    )}
  )
  SELECT entry.id::text AS id, queue_name, status, created, contact_id::text AS contact_id, (SELECT ${announcement("p")} FROM published p) AS announcement FROM entry`);
