import "server-only";
import { endAgentCall } from "@/lib/agents/end-agent-call";
import type { AgentState } from "@/lib/agents/agent-status";
import type { Tx } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";

/**
 * A warm transfer's consultation ends without the caller being handed over
 * (canceled, the target hung up or never answered, the call itself ended):
 * the target's part closes unlogged (they never talked to the caller; the
 * call's story keeps the attempt) and the target agent goes back to where
 * they were.
 */
export async function endConsult(tx: Tx, { organizationId, where }: { organizationId: number; where: { parent_call_sid: string } | { call_sid: string } }): Promise<number> {
  // Every call's end asks (most had no consultation): one statement, past the ORM; a call's own end asks within the statement that closes it (end-call.ts).
  const [column, value]: ["call_sid" | "parent_call_sid", string] = "parent_call_sid" in where ? ["parent_call_sid", where.parent_call_sid] : ["call_sid", where.call_sid];
  const consults = await runSql(tx).rows<EndedConsult>(`${endConsultsSql(column, "$2::text", "$1::int")} RETURNING ${ENDED_CONSULT}`, [organizationId, value]);
  await consultTargetsBack(tx, organizationId, consults);
  return consults.length;
}

export interface EndedConsult {
  user_id: number | null;
  call_sid: string;
  status_before: string | null;
}
/** What endConsultsSql's statement returns for consultTargetsBack. */
export const ENDED_CONSULT = "user_id, call_sid, status_before";

/** The UPDATE that ends the consultations whose `column` (call_sid, parent_call_sid) is `value` (SQL expressions). */
export const endConsultsSql = (column: "call_sid" | "parent_call_sid", value: string, organization: string) =>
  `UPDATE live_calls SET state = 'ended', ended_at = now(), updated_at = now()
   WHERE organization_id = ${organization} AND state = 'consult' AND ended_at IS NULL AND ${column} = ${value}`;

/** The targets of ended consultations go back to where they were. */
export async function consultTargetsBack(tx: Tx, organizationId: number, consults: EndedConsult[]): Promise<void> {
  for (const consult of consults) {
    if (consult.user_id) await endAgentCall(tx, { userId: consult.user_id, organizationId, callSid: consult.call_sid, talked: false, before: consult.status_before as AgentState | null });
  }
}
