import "server-only";
import type { Tx } from "@/lib/db/client";
import { announceAfterCommit } from "@/lib/events/announce-events";
import { announcement } from "@/lib/events/announcement-sql";
import { eventRows, insertEvents } from "@/lib/events/events-sql";
import { allowedMoves, type AgentMover, type AgentState } from "./agent-states";
import { runSql } from "@/lib/db/run-sql";
import { prisma } from "@/lib/db/client";
import { prepared, type PreparedSql } from "@/lib/db/prepared";

export interface MovedAgent {
  user_id: number;
  organization_id: number;
  status: AgentState;
  current_call_sid: string | null;
  changed_at: Date;
  notice: string | null;
}

/**
 * What every statement given to moveAgents sets, beside anything of its own:
 * the move's state, call, notice and time ($1-$4), and the state the row
 * left. SET reads the row it changes as it was before the change (the row
 * version the statement locked), so previous_status is never a stale read.
 */
const KEEPS_PREVIOUS = "previous_status = agent_statuses.status";
export const MOVE = `status = $1::text, current_call_sid = $2::text, notice = $3::text, changed_at = $4::timestamptz, ${KEEPS_PREVIOUS}`;
/** What every such statement returns. */
export const MOVED = "RETURNING user_id, organization_id, status, current_call_sid, changed_at, notice, previous_status";

/**
 * What follows a `moved` CTE in every statement that moves agents: the
 * previous state-history entry closed and a new one opened at the moment of
 * the change (the reports read that history), and an agent.status.changed
 * event each (`moved_published`, RETURNING EVENT_RETURNING: the statement
 * announces them). A CTE sees the rows as they were before the statement, so
 * closing the old entry never touches the new one.
 */
export const AFTER_MOVE = `moved_closed AS (
       UPDATE agent_status_logs l SET ended_at = m.changed_at FROM moved m WHERE l.user_id = m.user_id AND l.ended_at IS NULL
     ), moved_logged AS (
       INSERT INTO agent_status_logs (organization_id, user_id, status, started_at) SELECT organization_id, user_id, status, changed_at FROM moved
     ), moved_published AS (
       ${insertEvents(
         eventRows({
           type: "agent.status.changed",
           record: { organization_id: "m.organization_id", department_id: "u.department_id", user_id: "m.user_id" },
           data: { user_id: "m.user_id", status: "m.status", changed_at: `to_char(m.changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` },
           from: "FROM moved m JOIN users u ON u.id = m.user_id",
         }),
       )}
     )`;

/**
 * True for a move the table gives its mover; else the statement fails
 * (agent_move_refused raises), nothing of it written. `$allowed` holds
 * allowedMoves(by) and the next parameter `by`.
 */
export const moveAllowed = (m: string, allowed: number) =>
  `CASE WHEN (coalesce(${m}.previous_status, 'offline') || '>' || ${m}.status) = ANY($${allowed}::text[]) THEN true
        ELSE agent_move_refused($${allowed + 1}::text, coalesce(${m}.previous_status, 'offline'), ${m}.status) END`;

/**
 * Every change of an agent's state, in one statement: the agents a `moved`
 * statement changes (an UPDATE or an upsert of agent_statuses, RETURNING
 * its rows) get their previous state-history entry closed and a new one
 * opened at the moment of the change (the reports read that history), and
 * an agent.status.changed event each, announced after the commit. One round trip
 * instead of five: agent state changes with every call, so this is on the
 * path of every webhook that ends or starts one.
 *
 * `moved` SETs MOVE and ends in MOVED, and takes its own parameters from $5
 * on. `by` says what moves the agents: a move agent-states.ts does not allow
 * `by` to make fails the whole statement (agent_move_refused), nothing of it
 * written — the state machine is enforced here (and in the statements built
 * from AFTER_MOVE and moveAllowed, such as the claim of a waiting call).
 */
export async function moveAgents(
  db: Tx,
  by: AgentMover,
  moved: string,
  { status, callSid = null, notice = null, at = new Date() }: { status: AgentState; callSid?: string | null; notice?: string | null; at?: Date },
  params: unknown[] = [],
): Promise<MovedAgent[]> {
  if (!moved.includes(KEEPS_PREVIOUS)) throw new Error("moveAgents: the statement must SET MOVE (at least its previous_status), so that each move is checked");
  const allowed = params.length + 5;
  const text = `WITH moved AS (${moved}), ${AFTER_MOVE},
     announced AS (SELECT array_agg(${announcement("p")} ORDER BY p.id) AS announcements FROM moved_published p)
     SELECT m.user_id, m.organization_id, m.status, m.current_call_sid, m.changed_at, m.notice, announced.announcements,
            ${moveAllowed("m", allowed)} AS allowed
     FROM moved m, announced`;
  const values = [status, callSid, notice, at, ...params, allowedMoves(by), by];
  // Outside a transaction (the agent's own Available, after every call) straight through the driver, prepared once per connection.
  const rows =
    db === prisma
      ? await runSql().rows<MovedAgent & { announcements: string[] | null }>(preparedMove(text), values)
      : await runSql(db).rows<MovedAgent & { announcements: string[] | null }>(text, values);
  // Each row carries every announcement of the statement: sent once, after the commit.
  announceAfterCommit(db, rows[0]?.announcements);
  for (const row of rows) {
    delete (row as Partial<typeof row>).announcements;
    delete (row as Partial<typeof row & { allowed: boolean }>).allowed;
  }
  return rows;
}

/** The few texts moveAgents builds (one per kind of move), each prepared once. */
const PREPARED_MOVES = new Map<string, PreparedSql>();
function preparedMove(text: string): PreparedSql {
  let sql = PREPARED_MOVES.get(text);
  if (!sql) PREPARED_MOVES.set(text, (sql = prepared(text)));
  return sql;
}
