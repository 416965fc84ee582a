import "server-only";
import type { Tx } from "@/lib/db/client";
import type { AgentState } from "./agent-states";
import { MOVE, MOVED, moveAgents } from "./move-agents";

/**
 * The agent's side of a call ending: to wrap-up after a conversation, else
 * back where they were (`before`: the state they placed or took the call
 * from), or available. A call never makes an agent ready (I4,
 * docs/decisions/034): one who was Busy or Missed goes back to it, at once or
 * when their wrap-up ends (`resume_status`), as does one who chose Busy during
 * the call (agent-status.ts keeps it). Only an agent still busy on this call (or reserved for it,
 * before its CallSid was known) moves: an agent who went offline meanwhile, or
 * is already on their next call, is left where they are.
 */
export async function endAgentCall(
  tx: Tx,
  { userId, organizationId, callSid, talked, before = null }: { userId: number; organizationId: number; callSid: string | null; talked: boolean; before?: AgentState | null },
): Promise<boolean> {
  const moved = await moveAgents(tx, "call_ends", STILL_ON_THE_CALL, { status: nextState(talked, before) }, [userId, organizationId, callSid, resumeStatus(before)]);
  return moved.length > 0;
}

const STILL_ON_THE_CALL = `
  UPDATE agent_statuses SET ${MOVE.replace("status = $1::text", "status = CASE WHEN $1::text = 'available' THEN COALESCE(agent_statuses.resume_status, 'available') ELSE $1::text END")},
         resume_status = COALESCE(agent_statuses.resume_status, $8::text)
  WHERE user_id = $5::int AND organization_id = $6::int AND status = 'busy' AND (current_call_sid IS NULL OR current_call_sid = $7::text)
  ${MOVED}`;

/** The not-ready states a call leaves as they were. */
const NOT_READY: readonly AgentState[] = ["busy", "missed"];

// Wrap-up keeps queue calls away while the agent finishes their notes: an agent who was offline gets none anyway.
function nextState(talked: boolean, before: AgentState | null): AgentState {
  if (before === "offline") return "offline";
  return talked ? "wrap_up" : (before ?? "available");
}

/** Where wrap-up returns: the not-ready state the call began in, else available (null). */
const resumeStatus = (before: AgentState | null): AgentState | null => (before && NOT_READY.includes(before) ? before : null);
