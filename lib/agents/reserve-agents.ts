import "server-only";
import type { Tx } from "@/lib/db/client";
import { MOVE, MOVED, moveAgents } from "./move-agents";

// Campaign dialing moves agents in sets (reserve the free agents of a
// department for the lines about to be dialed, free those a line did not
// use); a transfer or a third party takes one named agent. Every move goes
// through moveAgents: in the state history the reports read, and announced.

/**
 * Takes up to `count` available agents of a department, longest idle first,
 * and makes them busy (row locks with SKIP LOCKED: two dispatchers never take
 * the same agent). `callSid` names the call they are taken for, when known.
 */
export async function reserveAvailableAgents(
  tx: Tx,
  { organizationId, departmentId, count, callSid = null }: { organizationId: number; departmentId: number; count: number; callSid?: string | null },
): Promise<number[]> {
  if (count <= 0) return [];
  const moved = await moveAgents(
    tx,
    "call_starts",
    `
    UPDATE agent_statuses SET ${MOVE}
    WHERE user_id IN (
      SELECT a.user_id FROM agent_statuses a JOIN users u ON u.id = a.user_id
      WHERE a.organization_id = $5::int AND u.department_id = $6::int AND u.active AND a.status = 'available'
      ORDER BY a.changed_at LIMIT $7::int FOR UPDATE OF a SKIP LOCKED)
    ${MOVED}`,
    { status: "busy", callSid },
    [organizationId, departmentId, count],
  );
  return moved.map((m) => m.user_id);
}

/**
 * Frees agents reserved for a call that never reached them (no contact for
 * the line, a failed dial, a machine): only those still busy with no call.
 */
export async function releaseReservedAgents(tx: Tx, { userIds, organizationId }: { userIds: number[]; organizationId?: number }): Promise<number[]> {
  if (userIds.length === 0) return [];
  const moved = await moveAgents(
    tx,
    "call_ends",
    `
    UPDATE agent_statuses SET ${MOVE}
    WHERE user_id = ANY($5::int[]) AND status = 'busy' AND current_call_sid IS NULL AND ($6::int IS NULL OR organization_id = $6::int)
    ${MOVED}`,
    { status: "available" },
    [userIds, organizationId ?? null],
  );
  return moved.map((m) => m.user_id);
}

/**
 * Takes one named agent for a call (a transfer, a third party): only if they
 * are available, in one conditional statement, so two transfers to the same
 * agent never both get them. False: the agent is not available.
 */
export async function reserveAgent(tx: Tx, { organizationId, userId }: { organizationId: number; userId: number }): Promise<boolean> {
  const moved = await moveAgents(
    tx,
    "call_starts",
    `
    UPDATE agent_statuses SET ${MOVE}
    WHERE user_id = $5::int AND organization_id = $6::int AND status = 'available'
    ${MOVED}`,
    { status: "busy" },
    [userId, organizationId],
  );
  return moved.length > 0;
}

/** A reserved agent's call is known now (the leg that rings them): endCall moves them when it ends. */
export async function assignAgentCall(tx: Tx, { userId, callSid }: { userId: number; callSid: string }): Promise<void> {
  await tx.agentStatus.updateMany({ where: { user_id: userId, status: "busy", current_call_sid: null }, data: { current_call_sid: callSid } });
}
