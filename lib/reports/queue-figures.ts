import "server-only";
import { ownerScope, servesQueue, servesQueueSql } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { Prisma } from "@/lib/generated/prisma/client";
import { expectedWaitSeconds, queuePaces } from "@/lib/queue/expected-wait";
import { ratio } from "./figures";
import { runSql } from "@/lib/db/run-sql";

interface Row {
  department_id: number | null;
  name: string | null;
  waiting: number;
  oldest: Date | null;
  offered: number;
  answered: number;
  within_sl: number;
  on_duty: number;
}

/**
 * The wallboard's queues (issue 23), those the user serves: callers waiting,
 * the longest wait, agents on duty, the wait a caller arriving now can expect
 * (the same estimate callers hear), and today's callers offered to the queue,
 * answered (taken by an agent, on the line or ended) and its service level
 * (answered within the threshold, of all offered to that queue today).
 *
 * Today's figures count the callers the reports give the user (issue 61,
 * point 5), so a queue's rows add up to the wallboard's "today" and to the
 * summary report: a caller an agent took is theirs and their department's
 * (as the call's log is), one nobody took is its queue's department's. A
 * manager sees the general queue's callers their agents took and none of its
 * abandoned ones, as their reports do; admins see every caller.
 */
export async function queueFigures({ actor, today, tz, serviceLevelSeconds }: { actor: SessionUser; today: string; tz: string; serviceLevelSeconds: number }) {
  const start = Prisma.sql`(${today}::date::timestamp AT TIME ZONE ${tz})`;
  const todays = Prisma.sql`q.enqueued_at >= ${start} AND ${callersOf(actor)}`;
  const [rows, paces] = await Promise.all([
    runSql().rows<Row>(Prisma.sql`
    WITH queues AS (
      SELECT NULL::int AS department_id, NULL::text AS name
      UNION ALL SELECT d.id, d.name FROM departments d WHERE d.organization_id = ${actor.organization_id}
    )
    SELECT k.department_id, k.name,
           count(q.id) FILTER (WHERE q.status = 'waiting')::int AS waiting,
           min(q.enqueued_at) FILTER (WHERE q.status = 'waiting') AS oldest,
           count(q.id) FILTER (WHERE ${todays})::int AS offered,
           count(q.id) FILTER (WHERE ${todays} AND q.accepted_at IS NOT NULL)::int AS answered,
           count(q.id) FILTER (WHERE ${todays} AND q.accepted_at IS NOT NULL AND q.accepted_at - q.enqueued_at <= make_interval(secs => ${serviceLevelSeconds}))::int AS within_sl,
           (SELECT count(*) FROM agent_statuses a JOIN users u ON u.id = a.user_id
             WHERE a.organization_id = ${actor.organization_id} AND a.status <> 'offline' AND u.active AND ${servesQueueSql(Prisma.sql`k.department_id`)})::int AS on_duty
    FROM queues k
    LEFT JOIN queue_entries q ON q.organization_id = ${actor.organization_id} AND q.department_id IS NOT DISTINCT FROM k.department_id
                              AND (q.status = 'waiting' OR q.enqueued_at >= ${start})
    GROUP BY k.department_id, k.name
    ORDER BY k.department_id NULLS FIRST`),
    queuePaces(actor.organization_id),
  ]);
  const mine = rows.filter((r) => servesQueue(actor, r.department_id));
  return mine.map((r) => ({
    department_id: r.department_id,
    name: r.name ?? "General",
    waiting: r.waiting,
    longest_wait_seconds: r.oldest ? Math.max(0, Math.floor((Date.now() - new Date(r.oldest).getTime()) / 1000)) : 0,
    agents_on_duty: r.on_duty,
    // No one on duty: the pace of the last half hour promises nothing (the wallboard says why).
    expected_wait_seconds: r.on_duty === 0 ? null : expectedWaitSeconds(paces.get(r.department_id) ?? null, r.waiting + 1),
    offered_today: r.offered,
    answered_today: r.answered,
    service_level: ratio(r.within_sl, r.offered),
  }));
}

/** The queue entries (alias q) whose callers the user's reports count: ownerScope, read as a call's log reads it. */
function callersOf(actor: SessionUser): Prisma.Sql {
  const owner = ownerScope(actor);
  if (owner.user_id !== undefined) return Prisma.sql`q.accepted_by_user_id = ${owner.user_id}`;
  if (owner.department_id === undefined) return Prisma.sql`TRUE`;
  return Prisma.sql`(CASE WHEN q.accepted_by_user_id IS NULL THEN q.department_id
                          ELSE (SELECT a.department_id FROM users a WHERE a.id = q.accepted_by_user_id) END) = ${owner.department_id}`;
}
