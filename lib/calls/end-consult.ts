import "server-only";
import { endAgentCall } from "@/lib/agents/end-agent-call";
import type { AgentState } from "@/lib/agents/agent-status";
import type { Tx } from "@/lib/db/client";

/**
 * A warm transfer's consultation ends without the caller being handed over
 * (canceled, the target hung up or never answered, the call itself ended):
 * the target's part closes unlogged (they never talked to the caller; the
 * call's story keeps the attempt) and the target agent goes back to where
 * they were.
 */
export async function endConsult(tx: Tx, { organizationId, where }: { organizationId: number; where: { parent_call_sid: string } | { call_sid: string } }): Promise<number> {
  const consults = await tx.liveCall.updateManyAndReturn({
    where: { organization_id: organizationId, state: "consult", ended_at: null, ...where },
    data: { state: "ended", ended_at: new Date(), updated_at: new Date() },
    select: { user_id: true, call_sid: true, status_before: true },
  });
  for (const consult of consults) {
    if (consult.user_id) await endAgentCall(tx, { userId: consult.user_id, organizationId, callSid: consult.call_sid, talked: false, before: consult.status_before as AgentState | null });
  }
  return consults.length;
}
