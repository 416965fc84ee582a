import "server-only";
import { endAgentCall } from "@/lib/agents/end-agent-call";
import type { AgentState } from "@/lib/agents/agent-status";
import type { Tx } from "@/lib/db/client";
import { sqlRows } from "@/lib/db/raw-sql";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * A warm transfer's consultation ends without the caller being handed over
 * (canceled, the target hung up or never answered, the call itself ended):
 * the target's part closes unlogged (they never talked to the caller; the
 * call's story keeps the attempt) and the target agent goes back to where
 * they were.
 */
export async function endConsult(tx: Tx, { organizationId, where }: { organizationId: number; where: { parent_call_sid: string } | { call_sid: string } }): Promise<number> {
  // Every call's end asks (most had no consultation): one statement, past the ORM.
  const [column, value] = "parent_call_sid" in where ? [Prisma.raw("parent_call_sid"), where.parent_call_sid] : [Prisma.raw("call_sid"), where.call_sid];
  const consults = await sqlRows<{ user_id: number | null; call_sid: string; status_before: string | null }[]>(tx)`
    UPDATE live_calls SET state = 'ended', ended_at = now(), updated_at = now()
    WHERE organization_id = ${organizationId} AND state = 'consult' AND ended_at IS NULL AND ${column} = ${value}
    RETURNING user_id, call_sid, status_before`;
  for (const consult of consults) {
    if (consult.user_id) await endAgentCall(tx, { userId: consult.user_id, organizationId, callSid: consult.call_sid, talked: false, before: consult.status_before as AgentState | null });
  }
  return consults.length;
}
