import "server-only";
import type { Tx } from "@/lib/db/client";
import { changeAgentStatus, type AgentState } from "./agent-status";

/**
 * The agent's side of a call ending: to wrap-up after a conversation, else
 * back where they were (`before`: a manual call placed while offline), or
 * available. Only an agent still busy on this call (or reserved for it,
 * before its CallSid was known) moves: an agent who went offline meanwhile, or
 * is already on their next call, is left where they are.
 */
export async function endAgentCall(tx: Tx, { userId, organizationId, callSid, talked, before = null }: { userId: number; organizationId: number; callSid: string | null; talked: boolean; before?: AgentState | null }): Promise<boolean> {
  const agent = await tx.agentStatus.findFirst({ where: { user_id: userId, organization_id: organizationId }, select: { status: true, current_call_sid: true } });
  if (agent?.status !== "busy" || (agent.current_call_sid !== null && agent.current_call_sid !== callSid)) return false;
  await changeAgentStatus(tx, { id: userId, organization_id: organizationId }, nextState(talked, before));
  return true;
}

// Wrap-up keeps queue calls away while the agent finishes their notes: an agent who was offline gets none anyway.
function nextState(talked: boolean, before: AgentState | null): AgentState {
  if (before === "offline") return "offline";
  return talked ? "wrap_up" : (before ?? "available");
}
