import "server-only";
import type { Tx } from "@/lib/db/client";
import { changeAgentStatus } from "./agent-status";

/**
 * The agent's side of a call ending: to wrap-up after a conversation, else
 * available again. Only an agent still busy on this call (or reserved for it,
 * before its CallSid was known) moves: an agent who went offline meanwhile, or
 * is already on their next call, is left where they are.
 */
export async function endAgentCall(tx: Tx, { userId, organizationId, callSid, talked }: { userId: number; organizationId: number; callSid: string | null; talked: boolean }): Promise<boolean> {
  const agent = await tx.agentStatus.findFirst({ where: { user_id: userId, organization_id: organizationId }, select: { status: true, current_call_sid: true } });
  if (agent?.status !== "busy" || (agent.current_call_sid !== null && agent.current_call_sid !== callSid)) return false;
  await changeAgentStatus(tx, { id: userId, organization_id: organizationId }, talked ? "wrap_up" : "available");
  return true;
}
