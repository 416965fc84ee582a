import "server-only";
import { changeAgentStatus } from "@/lib/agents/agent-status";
import type { SessionUser } from "@/lib/auth/session-user";
import type { Tx } from "@/lib/db/client";
import { sqlRows } from "@/lib/db/raw-sql";
import { AppError } from "@/lib/errors/app-error";
import { publishEvent } from "@/lib/events/publish-event";

/**
 * The agent takes a waiting call, inside the caller's transaction: one
 * conditional UPDATE (waiting → accepted) claims it, so of two agents racing
 * for the same call exactly one wins; the other gets 409. Answers what the
 * softphone does next: join the caller's waiting line, or (a caller who asked
 * to be called back, issue 23) dial them. Accepting from the list
 * (accept-call.ts) and accepting an offer (lib/offers) both end here.
 */
export async function claimWaitingCall(tx: Tx, actor: SessionUser, entry: { id: bigint; callback_requested_at: Date | null; from_number: string }) {
  // Only an Available agent claims; why a claim failed is asked only when it did (one statement on every accept).
  const claimed = await sqlRows<{ queue_name: string; call_sid: string }[]>(tx)`
    UPDATE queue_entries SET status = 'accepted', accepted_by_user_id = ${actor.id}, accepted_at = now(), updated_at = now()
    WHERE id = ${entry.id} AND organization_id = ${actor.organization_id} AND status = 'waiting'
      AND EXISTS (SELECT 1 FROM agent_statuses WHERE user_id = ${actor.id} AND status = 'available')
    RETURNING queue_name, call_sid`;
  if (claimed.length === 0) {
    const agent = await tx.agentStatus.findUnique({ where: { user_id: actor.id }, select: { status: true } });
    if (agent?.status !== "available") throw AppError.conflict("Set yourself Available before accepting calls.");
    throw AppError.conflict("This call has already been taken or has ended.");
  }
  const { queue_name, call_sid } = claimed[0];
  await publishEvent({ type: "queue.entry.accepted", visibility: "organization", record: { organization_id: actor.organization_id }, data: { id: Number(entry.id), call_sid, user_id: actor.id } }, tx);
  // A callback: the agent's softphone dials the caller now; that dial makes them busy (and logs the call).
  if (entry.callback_requested_at) {
    return { action: "call_back" as const, queue: queue_name, call_sid, number: entry.from_number, params: { To: entry.from_number, CallbackEntryId: String(entry.id) } };
  }
  await changeAgentStatus(tx, actor, "busy", { by: "call_starts", callSid: call_sid });
  await publishEvent({ type: "call.started", visibility: "owner", record: { organization_id: actor.organization_id, department_id: actor.department_id, user_id: actor.id }, data: { call_sid, direction: "inbound", user_id: actor.id } }, tx);
  return { action: "dial_queue" as const, queue: queue_name, call_sid, params: { QueueName: queue_name, QueueEntryId: String(entry.id) } };
}
