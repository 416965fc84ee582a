import "server-only";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { managesQueue, organizationScope, servesQueue } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { queueRulesChanged } from "@/lib/queue/entries/queue-may-move";
import { listQueues } from "./list-queues";
import type { UpdateQueueInput } from "./schemas";

/**
 * PATCH /api/queues/{id}: a queue's distribution and its settings. Admins
 * change any queue, a department's manager that department's (403 for a
 * queue they serve but do not own; 404 for one they cannot see). An overflow
 * names another queue of the same organization (422 naming
 * `overflow.to_queue_id` otherwise). Audited with what changed.
 */
export async function updateQueue({ actor, id, input }: { actor: SessionUser; id: number; input: UpdateQueueInput }) {
  const queue = await prisma.queue.findFirst({ where: { id, ...organizationScope(actor) }, select: { id: true, organization_id: true, department_id: true } });
  if (!queue || !servesQueue(actor, queue.department_id)) throw AppError.notFound();
  if (!managesQueue(actor, queue.department_id)) throw AppError.forbidden();
  if (input.overflow) {
    const target = input.overflow.to_queue_id;
    const other = target === queue.id ? null : await prisma.queue.findFirst({ where: { id: target, organization_id: queue.organization_id }, select: { id: true } });
    if (!other) throw AppError.validation({ "overflow.to_queue_id": [target === queue.id ? "A queue cannot overflow to itself." : "is not a queue of this organization."] });
  }
  const { overflow, required_skills, ...plain } = input;
  await prisma.$transaction(async (tx) => {
    await tx.queue.update({
      where: { id: queue.id },
      data: {
        ...plain,
        ...(overflow === undefined ? {} : { overflow_after_seconds: overflow?.after_seconds ?? null, overflow_queue_id: overflow?.to_queue_id ?? null }),
        ...(required_skills === undefined ? {} : { required_skills }),
        updated_at: new Date(),
      },
    });
    await writeAuditLog(tx, {
      organization_id: queue.organization_id,
      department_id: queue.department_id,
      user_id: actor.id,
      action: "queue.updated",
      subject_type: "queue",
      subject_id: queue.id,
      details: input,
    });
  });
  // A queue turned to offers (or its skills, priority or overflow changed) may have calls to offer now.
  await queueRulesChanged(queue.organization_id);
  const [saved] = (await listQueues({ actor: { ...actor, organization_id: queue.organization_id }, only: queue.id })).data;
  return saved;
}
