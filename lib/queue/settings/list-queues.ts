import "server-only";
import { servesQueue, servesQueueSql } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { ensureQueues } from "./ensure-queues";
import { serializeQueue, type QueueRow } from "./serialize-queue";

/**
 * GET /api/queues: the queues the caller serves (admins: every queue of the
 * organization), general first, with their settings and live figures.
 * `only` narrows it to one queue (GET /api/queues/{id}, and the answer of a
 * PATCH).
 */
export async function listQueues({ actor, only }: { actor: SessionUser; only?: number }) {
  const organizationId = actor.organization_id;
  await ensureQueues(organizationId);
  const rows = await runSql(prisma).rows<QueueRow>`
    SELECT q.*, d.name,
           (SELECT count(*) FROM queue_entries e WHERE e.organization_id = q.organization_id AND e.status = 'waiting'
              AND e.department_id IS NOT DISTINCT FROM q.department_id)::int AS waiting,
           (SELECT min(e.enqueued_at) FROM queue_entries e WHERE e.organization_id = q.organization_id AND e.status = 'waiting'
              AND e.department_id IS NOT DISTINCT FROM q.department_id) AS oldest,
           (SELECT count(*) FROM agent_statuses a JOIN users u ON u.id = a.user_id
             WHERE a.organization_id = q.organization_id AND a.status = 'available' AND u.active
               AND ${servesQueueSql(Prisma.sql`q.department_id`)})::int AS agents_available
    FROM queues q LEFT JOIN departments d ON d.id = q.department_id
    WHERE q.organization_id = ${organizationId} ${only === undefined ? Prisma.empty : Prisma.sql`AND q.id = ${only}`}
    ORDER BY q.department_id NULLS FIRST, d.name`;
  const data = rows.filter((r) => servesQueue(actor, r.department_id)).map(serializeQueue);
  return { data, meta: { current_page: 1, per_page: Math.max(1, data.length), total: data.length, last_page: 1 } };
}
