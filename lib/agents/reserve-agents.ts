import "server-only";
import type { Tx } from "@/lib/db/client";
import { publishEvent } from "@/lib/events/publish-event";
import type { AgentState } from "./agent-status";

// Campaign dialing moves agents in sets (reserve the free agents of a
// department for the lines about to be dialed, free those a line did not
// use). Like changeAgentStatus, every move is in the state history the reports
// read and announced on the event stream: before, these were raw UPDATEs that
// skipped both, so a progressive agent's reserved time counted as available.

/** Records that these agents entered `status` at `at`: the history and the event stream. */
async function recordMoves(tx: Tx, moved: { user_id: number; organization_id: number }[], status: AgentState, at: Date): Promise<void> {
  if (moved.length === 0) return;
  const ids = moved.map((m) => m.user_id);
  await tx.$executeRaw`UPDATE agent_status_logs SET ended_at = ${at} WHERE user_id = ANY(${ids}::int[]) AND ended_at IS NULL`;
  await tx.$executeRaw`
    INSERT INTO agent_status_logs (user_id, organization_id, status, started_at)
    SELECT u, o, ${status}, ${at} FROM unnest(${ids}::int[], ${moved.map((m) => m.organization_id)}::int[]) AS t(u, o)`;
  for (const m of moved) {
    await publishEvent({ type: "agent.status.changed", visibility: "user", record: { organization_id: m.organization_id, user_id: m.user_id }, data: { user_id: m.user_id, status, changed_at: at.toISOString() } }, tx);
  }
}

/**
 * Takes up to `count` available agents of a department, longest idle first,
 * and makes them busy (row locks with SKIP LOCKED: two dispatchers never take
 * the same agent). `callSid` names the call they are taken for, when known.
 */
export async function reserveAvailableAgents(tx: Tx, { organizationId, departmentId, count, callSid = null }: { organizationId: number; departmentId: number; count: number; callSid?: string | null }): Promise<number[]> {
  if (count <= 0) return [];
  const at = new Date();
  const moved = await tx.$queryRaw<{ user_id: number; organization_id: number }[]>`
    UPDATE agent_statuses SET status = 'busy', current_call_sid = ${callSid}, changed_at = ${at}, notice = NULL
    WHERE user_id IN (
      SELECT a.user_id FROM agent_statuses a JOIN users u ON u.id = a.user_id
      WHERE a.organization_id = ${organizationId} AND u.department_id = ${departmentId} AND u.active AND a.status = 'available'
      ORDER BY a.changed_at LIMIT ${count} FOR UPDATE OF a SKIP LOCKED)
    RETURNING user_id, organization_id`;
  await recordMoves(tx, moved, "busy", at);
  return moved.map((m) => m.user_id);
}

/**
 * Frees agents reserved for a call that never reached them (no contact for
 * the line, a failed dial, a machine): only those still busy with no call.
 */
export async function releaseReservedAgents(tx: Tx, { userIds, organizationId }: { userIds: number[]; organizationId?: number }): Promise<number[]> {
  if (userIds.length === 0) return [];
  const at = new Date();
  const moved = await tx.$queryRaw<{ user_id: number; organization_id: number }[]>`
    UPDATE agent_statuses SET status = 'available', changed_at = ${at}
    WHERE user_id = ANY(${userIds}::int[]) AND status = 'busy' AND current_call_sid IS NULL
      AND (${organizationId ?? null}::int IS NULL OR organization_id = ${organizationId ?? null}::int)
    RETURNING user_id, organization_id`;
  await recordMoves(tx, moved, "available", at);
  return moved.map((m) => m.user_id);
}

/**
 * Takes one named agent for a call (a transfer, a third party): only if they
 * are available, in one conditional statement, so two transfers to the same
 * agent never both get them. False: the agent is not available.
 */
export async function reserveAgent(tx: Tx, { organizationId, userId }: { organizationId: number; userId: number }): Promise<boolean> {
  const at = new Date();
  const moved = await tx.$queryRaw<{ user_id: number; organization_id: number }[]>`
    UPDATE agent_statuses SET status = 'busy', current_call_sid = NULL, changed_at = ${at}, notice = NULL
    WHERE user_id = ${userId} AND organization_id = ${organizationId} AND status = 'available'
    RETURNING user_id, organization_id`;
  await recordMoves(tx, moved, "busy", at);
  return moved.length > 0;
}

/** A reserved agent's call is known now (the leg that rings them): endCall moves them when it ends. */
export async function assignAgentCall(tx: Tx, { userId, callSid }: { userId: number; callSid: string }): Promise<void> {
  await tx.agentStatus.updateMany({ where: { user_id: userId, status: "busy", current_call_sid: null }, data: { current_call_sid: callSid } });
}
