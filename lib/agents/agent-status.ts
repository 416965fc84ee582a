import "server-only";
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma, type Tx } from "@/lib/db/client";
import { publishEvent } from "@/lib/events/publish-event";
import { currentCall } from "./current-call";

export const AGENT_STATUSES = ["available", "busy", "wrap_up", "offline"] as const;
export type AgentState = (typeof AGENT_STATUSES)[number];
export const setAgentStatusSchema = z.object({
  status: z.enum(AGENT_STATUSES, { error: `The status must be one of: ${AGENT_STATUSES.join(", ")}.` }),
});

/**
 * Moves an agent to a state, in the database (every server process sees it),
 * closing the previous entry of the state history that reports use. `notice`:
 * why the state changed when the agent did not change it themselves (shown
 * until their next change).
 */
export async function changeAgentStatus(db: Tx, user: { id: number; organization_id: number }, status: AgentState, callSid: string | null = null, notice: string | null = null) {
  const now = new Date();
  await db.agentStatusLog.updateMany({ where: { user_id: user.id, ended_at: null }, data: { ended_at: now } });
  await db.agentStatusLog.create({ data: { user_id: user.id, organization_id: user.organization_id, status, started_at: now } });
  const saved = await db.agentStatus.upsert({
    where: { user_id: user.id },
    create: { user_id: user.id, organization_id: user.organization_id, status, current_call_sid: callSid, changed_at: now, notice },
    update: { status, current_call_sid: callSid, changed_at: now, notice },
    select: { status: true, current_call_sid: true, changed_at: true, notice: true },
  });
  // Seen by whoever may see this agent's figures (the agent, their manager, the admins).
  await publishEvent({ type: "agent.status.changed", visibility: "user", record: { organization_id: user.organization_id, user_id: user.id }, data: { user_id: user.id, status, changed_at: now.toISOString() } }, db);
  return saved;
}


/** The agent's state, and the call they are on or wrapping up (`call`), so a reloaded page can put the call panel back. */
export async function getAgentStatus({ actor }: { actor: SessionUser }) {
  const [row, call] = await Promise.all([
    prisma.agentStatus.findUnique({ where: { user_id: actor.id }, select: { status: true, current_call_sid: true, changed_at: true, notice: true } }),
    currentCall(actor),
  ]);
  return { ...(row ?? { status: "offline", current_call_sid: null, changed_at: null, notice: null }), call };
}
