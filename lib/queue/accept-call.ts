import "server-only";
import { changeAgentStatus } from "@/lib/agents/agent-status";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { publishEvent } from "@/lib/events/publish-event";
import { AppError } from "@/lib/errors/app-error";
import { servesQueue } from "@/lib/auth/scope";
import { forgetWaitingCalls } from "@/lib/queue-entries/waiting-calls-cache";
import { sqlRows } from "@/lib/db/raw-sql";

/**
 * An available agent takes a waiting call. The claim is one conditional UPDATE
 * (status waiting → accepted), so of two agents racing for the same call
 * exactly one wins; the other gets 409. A caller who asked for a callback
 * (issue 23) is accepted the same way; the answer tells the softphone to dial them.
 */
export async function acceptCall({ actor, id }: { actor: SessionUser; id: bigint }) {
  const accepted = await prisma.$transaction(async (tx) => {
    const entry = await tx.queueEntry.findFirst({ where: { id, organization_id: actor.organization_id }, select: { id: true, department_id: true, callback_requested_at: true, from_number: true } });
    // Another department's caller is not this agent's to take (nor to know of).
    if (!entry || !servesQueue(actor, entry.department_id)) throw AppError.notFound();
    const agent = await tx.agentStatus.findUnique({ where: { user_id: actor.id }, select: { status: true } });
    if (agent?.status !== "available") throw AppError.conflict("Set yourself Available before accepting calls.");
    const claimed = await sqlRows<{ queue_name: string; call_sid: string }[]>(tx)`
      UPDATE queue_entries SET status = 'accepted', accepted_by_user_id = ${actor.id}, accepted_at = now(), updated_at = now()
      WHERE id = ${id} AND organization_id = ${actor.organization_id} AND status = 'waiting'
      RETURNING queue_name, call_sid`;
    if (claimed.length === 0) throw AppError.conflict("This call has already been taken or has ended.");
    const { queue_name, call_sid } = claimed[0];
    await publishEvent({ type: "queue.entry.accepted", visibility: "organization", record: { organization_id: actor.organization_id }, data: { id: Number(id), call_sid, user_id: actor.id } }, tx);
    // A callback: the agent's softphone dials the caller now; that dial makes them busy (and logs the call).
    if (entry.callback_requested_at) {
      return { action: "call_back" as const, queue: queue_name, call_sid, number: entry.from_number, params: { To: entry.from_number, CallbackEntryId: String(id) } };
    }
    await changeAgentStatus(tx, actor, "busy", call_sid);
    await publishEvent({ type: "call.started", visibility: "owner", record: { organization_id: actor.organization_id, department_id: actor.department_id, user_id: actor.id }, data: { call_sid, direction: "inbound", user_id: actor.id } }, tx);
    return { action: "dial_queue" as const, queue: queue_name, call_sid, params: { QueueName: queue_name, QueueEntryId: String(id) } };
  });
  forgetWaitingCalls(actor.organization_id);
  return accepted;
}
