import "server-only";
import type { z } from "zod";
import { queueScope, scopeSql } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { Prisma } from "@/lib/generated/prisma/client";
import { callScope, userParts } from "./report-scope";
import { ratio, runSql } from "./run-sql";
import { todayIn, type liveQuerySchema } from "./schemas";
import { INBOUND_FIGURES } from "./summary-report";

/** The wallboard: callers waiting now, the longest wait, agents by state, and today's answered, abandoned and service level. */
export async function liveReport({ actor, query }: { actor: SessionUser; query: z.infer<typeof liveQuerySchema> }) {
  const today = todayIn(query.tz);
  const organization = Prisma.join([Prisma.sql`TRUE`, ...scopeSql(queueScope(actor), "q")], " AND ");
  const [[queue], agents, [day]] = await Promise.all([
    runSql<{ waiting: number; oldest: Date | null }>(Prisma.sql`
      SELECT count(*)::int AS waiting, min(q.enqueued_at) AS oldest FROM queue_entries q WHERE ${organization} AND q.status = 'waiting'`),
    runSql<{ status: string; agents: number }>(Prisma.sql`
      SELECT COALESCE(a.status, 'offline') AS status, count(*)::int AS agents
      FROM users u LEFT JOIN agent_statuses a ON a.user_id = u.id
      WHERE u.role = 'agent' AND u.active AND ${Prisma.join([Prisma.sql`TRUE`, ...userParts(actor, query, "u")], " AND ")} GROUP BY 1`),
    runSql<{ inbound: number; answered: number; abandoned: number; within_sl: number }>(Prisma.sql`
      SELECT ${INBOUND_FIGURES},
             count(*) FILTER (WHERE l.direction = 'inbound' AND l.status = 'completed' AND l.user_id IS NOT NULL AND COALESCE(l.wait_seconds, 0) <= ${query.service_level_seconds})::int AS within_sl
      FROM call_logs l WHERE ${callScope(actor, { from: today, to: today, tz: query.tz, department_id: query.department_id })}`),
  ]);
  return {
    at: new Date(),
    calls_waiting: queue.waiting,
    longest_wait_seconds: queue.oldest ? Math.max(0, Math.floor((Date.now() - new Date(queue.oldest).getTime()) / 1000)) : 0,
    agents_by_state: Object.fromEntries(["available", "busy", "wrap_up", "offline"].map((s) => [s, agents.find((a) => a.status === s)?.agents ?? 0])),
    today: { date: today, inbound: day.inbound, answered: day.answered, abandoned: day.abandoned, service_level: ratio(day.within_sl, day.inbound), service_level_seconds: query.service_level_seconds },
  };
}
