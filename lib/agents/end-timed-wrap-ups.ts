import "server-only";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { queueMayMove } from "@/lib/queue/entries/queue-may-move";
import { WRAP_UPS_DUE } from "@/lib/queue/settings/wrap-up-rules";
import { changeAgentStatus, type AgentState } from "./agent-status";

/**
 * Agents whose queue gives wrap-up a time (issue 44, point 5) are back in
 * the state the call began in (Available, or Busy or Missed: I4) when it runs out, on whichever server looks first; an agent who owes
 * the call a disposition stays in wrap-up until they pick one. Run once a
 * second beside the offer sweep; answers how many went back.
 */
export async function endTimedWrapUps(): Promise<number> {
  const ended = await prisma.$transaction(async (tx) => {
    const due = await runSql(tx).rows<{ user_id: number; organization_id: number; resume_status: AgentState | null }>(WRAP_UPS_DUE);
    for (const agent of due) await changeAgentStatus(tx, { id: agent.user_id, organization_id: agent.organization_id }, agent.resume_status ?? "available", { by: "timer" });
    return due;
  });
  for (const organizationId of new Set(ended.map((a) => a.organization_id))) queueMayMove(organizationId);
  return ended.length;
}
