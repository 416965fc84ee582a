import "server-only";
import type { Tx } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { announceAfterCommit } from "@/lib/events/announce-events";
import { announcement } from "@/lib/events/announcement-sql";
import { eventRows, insertEvents } from "@/lib/events/events-sql";
import { recordCallEvent } from "./live-call";

export interface LiveCallStart {
  organizationId: number;
  callSid: string;
  direction: "inbound" | "outbound-manual" | "outbound-campaign";
  userId: number | null;
  departmentId: number | null;
  contactId: bigint | null;
  number: string;
  /** answered: a person is already on the line (an inbound caller the agent joins, a campaign contact who picked up). */
  answered: boolean;
  customerLegSid: string | null;
  agentLegSid: string | null;
  statusBefore?: string | null;
}

/**
 * A call begins, as far as the service is concerned: the agent's device joined
 * an inbound caller, dialed a number, or was handed a campaign contact. Once
 * per CallSid: a retried callback changes nothing.
 */
export async function startLiveCall(tx: Tx, start: LiveCallStart): Promise<boolean> {
  const [row] = await runSql(tx).rows<{ started: boolean; announcement: string | null }>(`WITH start AS (${START_VALUES}) ${START_LIVE_CALL} SELECT ${STARTED}`, startValues(start));
  announceAfterCommit(tx, [row.announcement]);
  return row.started;
}

/** The one-row `start` a statement starting a call provides (its columns are START_LIVE_CALL's input), from a LiveCallStart: $1-$12. */
export const START_VALUES = `SELECT $1::int AS organization_id, $2::text AS call_sid, $3::text AS direction, $4::int AS user_id, $5::int AS department_id,
  $6::bigint AS contact_id, left($7::text, 32) AS number, $8::boolean AS answered, $9::text AS customer_leg_sid, $10::text AS agent_leg_sid,
  $11::text AS status_before, $4::int AS actor_user_id`;

export const startValues = (start: LiveCallStart) => [
  start.organizationId,
  start.callSid,
  start.direction,
  start.userId,
  start.departmentId,
  start.contactId === null ? null : String(start.contactId),
  start.number,
  start.answered,
  start.customerLegSid,
  start.agentLegSid,
  start.statusBefore ?? null,
];

/**
 * What starting a call writes, as the tail of a statement whose CTE `start`
 * (columns as START_VALUES) holds the call, or no row (nothing starts): the
 * live call (none if one with that CallSid exists), the first line of its
 * story (recordCallEvent's) and the owner's `call.updated` event. The
 * statement's SELECT names STARTED among its columns: `started` and the
 * event's `announcement` (to send after the commit). One
 * statement, so the agent's device joining a caller (agent-dial-queue.ts)
 * starts the call in the statement that marks the accept connected.
 */
export const START_LIVE_CALL = `, live AS (
    INSERT INTO live_calls (organization_id, call_sid, direction, user_id, department_id, contact_id, number, state, customer_leg_sid, agent_leg_sid, status_before, answered_at)
    SELECT organization_id, call_sid, direction, user_id, department_id, contact_id, number, CASE WHEN answered THEN 'answered' ELSE 'ringing' END,
           customer_leg_sid, agent_leg_sid, status_before, CASE WHEN answered THEN now() END
    FROM start
    ON CONFLICT DO NOTHING
    RETURNING organization_id, department_id, user_id, call_sid, state, direction
  ), story AS (
    INSERT INTO call_events (organization_id, call_sid, type, actor_user_id, data, created_at)
    SELECT l.organization_id, l.call_sid, CASE WHEN l.state = 'answered' THEN 'answered' ELSE 'started' END, s.actor_user_id,
           jsonb_build_object('direction', l.direction), clock_timestamp()
    FROM live l CROSS JOIN start s
  ), e AS (
    ${insertEvents(
      eventRows({
        type: "call.updated",
        record: { organization_id: "l.organization_id", department_id: "COALESCE(l.department_id, (SELECT department_id FROM users WHERE id = l.user_id))", user_id: "l.user_id" },
        data: { call_sid: "l.call_sid", state: "l.state", event: "CASE WHEN l.state = 'answered' THEN 'answered' ELSE 'started' END", detail: "jsonb_build_object('direction', l.direction)" },
        from: "FROM live l",
      }),
    )}
  )`;

/** What a statement ending in START_LIVE_CALL answers of it. */
export const STARTED = `EXISTS (SELECT 1 FROM live) AS started, (SELECT ${announcement("e")} FROM e) AS announcement`;

/** The person dialed picked up: the call is answered, and its customer's leg is known (the dialed leg). */
export async function answerLiveCall(tx: Tx, { organizationId, callSid, customerLegSid }: { organizationId: number; callSid: string; customerLegSid: string }): Promise<boolean> {
  const [call] = await tx.liveCall.updateManyAndReturn({
    where: { organization_id: organizationId, call_sid: callSid, state: "ringing" },
    data: { state: "answered", answered_at: new Date(), customer_leg_sid: customerLegSid, updated_at: new Date() },
    select: { organization_id: true, department_id: true, user_id: true, call_sid: true, state: true },
  });
  if (!call) return false;
  await recordCallEvent(tx, call, { type: "answered", actorUserId: null });
  return true;
}
