import "server-only";
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma, type Tx } from "@/lib/db/client";
import type { agentStatusAnswer } from "./agent-status-answer";
import { currentCall } from "./current-call";
import { MOVE, MOVED, moveAgents } from "./move-agents";
import { wrapUpRules } from "@/lib/queue/settings/wrap-up-rules";
import { AGENT_STATUSES, CHOSEN_STATUSES, type AgentMover, type AgentState } from "./agent-states";

export { AGENT_STATUSES, CHOSEN_STATUSES, type AgentState };

/** A stored state (a text column only lib/agents writes); none yet: Offline. */
const agentState = (value: string | undefined): AgentState => AGENT_STATUSES.find((state) => state === value) ?? "offline";

export const setAgentStatusSchema = z.object({
  status: z.enum(CHOSEN_STATUSES, { error: `The status must be one of: ${CHOSEN_STATUSES.join(", ")}.` }),
});

/**
 * Moves an agent to a state (`by`: what moves them, agent-states.ts), in the database (every server process sees it),
 * closing the previous entry of the state history that reports use. `notice`:
 * why the state changed when the agent did not change it themselves (shown
 * until their next change).
 */
export async function changeAgentStatus(
  db: Tx,
  user: { id: number; organization_id: number },
  status: AgentState,
  { by, callSid = null, notice = null }: { by: AgentMover; callSid?: string | null; notice?: string | null },
) {
  const [saved] = await moveAgents(db, by, UPSERT, { status, callSid, notice }, [user.id, user.organization_id]);
  return answer(saved);
}

/**
 * The agent chooses Available, which never leaves a call behind: while they
 * are on a connected call (or hold a caller they accepted) nothing changes
 * and the answer is null. A click on Available that reached the server after
 * the agent accepted a caller once made them Available on the call, the call
 * forgotten, and offerable a second caller.
 */
export async function becomeAvailableUnlessOnACall(db: Tx, user: { id: number; organization_id: number }) {
  const [saved] = await moveAgents(db, "agent", UPSERT_UNLESS_ON_A_CALL, { status: "available" }, [user.id, user.organization_id]);
  return saved ? answer(saved) : null;
}

const answer = (saved: { status: AgentState; current_call_sid: string | null; changed_at: Date; notice: string | null }) => ({
  status: saved.status,
  current_call_sid: saved.current_call_sid,
  changed_at: saved.changed_at,
  notice: saved.notice,
});

// An agent on a call who chooses Busy keeps the call (the panel, a reload, "Available is refused"
// all find it by current_call_sid) and wrap-up returns them to Busy (I4: "unless they chose
// otherwise"). Busy without a call given ($2 null) from Busy is only ever that choice: every
// call that starts names its call.
const KEEPS_THE_CALL = `$2::text IS NULL AND $1::text = 'busy' AND agent_statuses.status = 'busy' AND agent_statuses.current_call_sid IS NOT NULL`;
const UPSERT_INTO = `
  INSERT INTO agent_statuses (user_id, organization_id, status, current_call_sid, changed_at, notice)
  VALUES ($5::int, $6::int, $1::text, $2::text, $4::timestamptz, $3::text)
  ON CONFLICT (user_id) DO UPDATE SET ${MOVE.replace("current_call_sid = $2::text", `current_call_sid = CASE WHEN ${KEEPS_THE_CALL} THEN agent_statuses.current_call_sid ELSE $2::text END`)},
    resume_status = CASE WHEN ${KEEPS_THE_CALL} THEN 'busy' ELSE NULL END`;
const UPSERT = `${UPSERT_INTO} ${MOVED}`;
// The row as it stands when its lock is taken (ON CONFLICT waits for a concurrent accept): the calls current-call.ts counts as connected.
const UPSERT_UNLESS_ON_A_CALL = `${UPSERT_INTO}
  WHERE NOT (agent_statuses.status = 'busy' AND agent_statuses.current_call_sid IS NOT NULL AND (
    EXISTS (SELECT 1 FROM queue_entries q WHERE q.call_sid = agent_statuses.current_call_sid AND q.organization_id = agent_statuses.organization_id
                                           AND q.accepted_by_user_id = agent_statuses.user_id AND q.status = 'accepted')
    OR EXISTS (SELECT 1 FROM live_calls l WHERE l.call_sid = agent_statuses.current_call_sid AND l.organization_id = agent_statuses.organization_id
                                          AND l.user_id = agent_statuses.user_id AND l.ended_at IS NULL)
    OR EXISTS (SELECT 1 FROM call_participants p WHERE p.leg_sid = agent_statuses.current_call_sid AND p.organization_id = agent_statuses.organization_id
                                                 AND p.user_id = agent_statuses.user_id AND p.left_at IS NULL)))
  ${MOVED}`;

/** The agent's state, and the call they are on or wrapping up (`call`), so a reloaded page can put the call panel back. */
export async function getAgentStatus({ actor }: { actor: SessionUser }): Promise<z.output<typeof agentStatusAnswer>> {
  const [row, call] = await Promise.all([
    prisma.agentStatus.findUnique({ where: { user_id: actor.id }, select: { status: true, current_call_sid: true, changed_at: true, notice: true, resume_status: true } }),
    currentCall(actor),
  ]);
  const wrapUp = row?.status === "wrap_up" ? await wrapUpRules({ userId: actor.id, organizationId: actor.organization_id, since: row.changed_at, resumeStatus: row.resume_status }) : null;
  return { current_call_sid: row?.current_call_sid ?? null, changed_at: row?.changed_at ?? null, notice: row?.notice ?? null, status: agentState(row?.status), call, wrap_up: wrapUp };
}
