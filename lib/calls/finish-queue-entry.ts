import "server-only";
import { endCall } from "./end-call";
import { prisma, type Tx } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { announceAfterCommit } from "@/lib/events/announce-events";
import { announcement } from "@/lib/events/announcement-sql";
import { eventRows, insertEvents } from "@/lib/events/events-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { abandonWaitingCall } from "./abandon-waiting-call";
import { finishBridgedCall } from "./finish-bridged-call";
import { forgetWaitingCalls } from "@/lib/queue/entries/waiting-calls-cache";
import type { WaitEnd } from "@/lib/telephony/call-events";

/**
 * The caller left the queue (the provider's dequeue callback, or a final
 * status for a call still waiting). Bridged: logged as completed with its
 * agent, talk time and wait, and the agent moves to wrap-up. Hung up while
 * waiting: logged as abandoned (no-answer, no agent). A caller who chose a
 * callback keeps their entry as it is (`callback`). Idempotent by CallSid.
 */
export async function finishQueueEntry({
  organizationId,
  callSid,
  end,
  queueTime,
}: {
  organizationId: number;
  callSid: string;
  end: WaitEnd;
  queueTime?: number;
}): Promise<{ changed: boolean; callback?: boolean }> {
  const unansweredStatus = end === "failed" ? "failed" : "no-answer";
  // The common case, a caller giving up before any agent took the call, in one statement. A bridged caller's
  // entry was taken (the statement would find nothing): every answered call saves the round trip.
  if (end !== "answered" && (await abandonWaitingCall({ organizationId, callSid, logStatus: unansweredStatus, queueTime })).abandoned) return { changed: true };
  // Its answered twin: a caller and an agent, nobody else on the call, in one statement.
  if (end === "answered" && (await finishBridgedCall({ organizationId, callSid, queueTime }))) {
    forgetWaitingCalls(organizationId, { moved: false });
    return { changed: true };
  }
  const outcome = await prisma.$transaction(async (tx) => {
    const entry = await finishEntry(tx, organizationId, callSid, end === "answered");
    if (!entry || entry.status === "completed" || entry.status === "abandoned") return { changed: false, moved: false };
    // The caller chose to be called back: their leaving the line (and hanging up) changes nothing; their place is kept.
    if (entry.callback_requested_at) return { changed: false, callback: true, moved: false };
    const now = entry.dequeued_at.getTime();
    const bridged = end === "answered" && entry.accepted_by !== null;
    const waitSeconds = queueTime ?? Math.round(((entry.accepted_at?.getTime() ?? now) - entry.enqueued_at.getTime()) / 1000);
    await endCall(tx, {
      organizationId,
      agent: entry.accepted_by ? { userId: entry.accepted_by.id, talked: bridged } : null,
      log: {
        organization_id: organizationId,
        department_id: bridged ? (entry.accepted_by?.department_id ?? null) : null,
        user_id: bridged ? entry.accepted_by!.id : null,
        contact_id: entry.contact_id,
        direction: "inbound",
        phone_number: entry.from_number,
        call_sid: callSid,
        status: bridged ? "completed" : unansweredStatus,
        duration: bridged && entry.accepted_at ? Math.max(0, Math.round((now - entry.accepted_at.getTime()) / 1000)) : 0,
        wait_seconds: Math.max(0, waitSeconds),
        answered_at: bridged ? entry.accepted_at : null,
      },
    });
    // A caller leaving while waiting may withdraw an offer, and one leaving before the agent joined frees the agent;
    // an answered call ending frees nobody (the agent wraps up).
    return { changed: true, moved: !bridged };
  });
  forgetWaitingCalls(organizationId, { moved: outcome.moved });
  return { changed: outcome.changed, ...(outcome.callback && { callback: true }) };
}

interface EnteredCall {
  id: bigint;
  /** As it was before this statement. */
  status: string;
  from_number: string;
  contact_id: bigint | null;
  enqueued_at: Date;
  accepted_at: Date | null;
  callback_requested_at: Date | null;
  /** When it left the line: now, when this statement finished it. */
  dequeued_at: Date;
  accepted_by: { id: number; organization_id: number; department_id: number | null } | null;
}

/** queue.entry.left of each entry the statement below finished. */
const ENTRY_LEFT = insertEvents(
  eventRows({
    type: "queue.entry.left",
    record: { organization_id: "f.organization_id" },
    data: { id: "f.id", call_sid: "f.call_sid", status: "f.status", callback: "false" },
    from: "FROM finished f",
  }),
);

/**
 * The call's queue entry and the agent who accepted it, finished in the same
 * statement (every caller's hang-up comes here): completed when bridged to
 * the agent who accepted it, abandoned otherwise; left as it is when already
 * finished or kept for a callback. The row is locked first, so two hang-ups
 * of one call (a retried callback) finish it once. The entry's
 * queue.entry.left is written by the same statement, when it finished it.
 */
async function finishEntry(tx: Tx, organizationId: number, callSid: string, bridged: boolean): Promise<EnteredCall | null> {
  const [row] = await runSql(tx).rows<
    Omit<EnteredCall, "accepted_by"> & { agent_id: number | null; agent_organization_id: number | null; agent_department_id: number | null; announcements: string[] | null }
  >`
    WITH found AS (
      SELECT e.id, e.status, e.from_number, e.contact_id, e.enqueued_at, e.accepted_at, e.callback_requested_at, e.accepted_by_user_id
      FROM queue_entries e WHERE e.call_sid = ${callSid} AND e.organization_id = ${organizationId}
      LIMIT 1 FOR UPDATE
    ), finished AS (
      UPDATE queue_entries q SET status = CASE WHEN ${bridged} AND f.accepted_by_user_id IS NOT NULL THEN 'completed' ELSE 'abandoned' END,
             dequeued_at = now(), updated_at = now()
      FROM found f
      WHERE q.id = f.id AND f.status NOT IN ('completed', 'abandoned') AND f.callback_requested_at IS NULL
      RETURNING q.id, q.status, q.dequeued_at, q.organization_id, q.call_sid
    ), left_published AS (
      ${Prisma.raw(ENTRY_LEFT)}
    )
    SELECT f.id, f.status, f.from_number, f.contact_id, f.enqueued_at, f.accepted_at, f.callback_requested_at,
           COALESCE((SELECT dequeued_at FROM finished), now()) AS dequeued_at,
           (SELECT array_agg(${Prisma.raw(announcement("p"))}) FROM left_published p) AS announcements,
           u.id AS agent_id, u.organization_id AS agent_organization_id, u.department_id AS agent_department_id
    FROM found f LEFT JOIN users u ON u.id = f.accepted_by_user_id`;
  if (!row) return null;
  const { agent_id, agent_organization_id, agent_department_id, announcements, ...entry } = row;
  // queue.entry.left, written by the statement that finished the entry: heard once the transaction commits.
  announceAfterCommit(tx, announcements);
  return { ...entry, accepted_by: agent_id === null ? null : { id: agent_id, organization_id: agent_organization_id!, department_id: agent_department_id } };
}
