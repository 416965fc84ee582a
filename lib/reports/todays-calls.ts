import "server-only";
import { ownerScope, scopeSql } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { Prisma } from "@/lib/generated/prisma/client";
import { callScope } from "./report-scope";
import { ratio } from "./figures";
import { runSql } from "@/lib/db/run-sql";
import { INBOUND_FIGURES } from "./summary-report";

/**
 * The wallboard's "today" (issue 45, point 8): the summary report's figures
 * for the day (the call logs, the same SQL), plus the inbound calls answered
 * today that are still on the line. A call's log is written when it ends, so
 * without them a queue could show one caller offered and answered within its
 * service level while "answered today" still said 0. Once those calls end,
 * the figures are the report's for the same day, to the call.
 */
export async function todaysCalls({ actor, today, tz, departmentId, serviceLevelSeconds }: { actor: SessionUser; today: string; tz: string; departmentId?: number; serviceLevelSeconds: number }) {
  const onTheLine = Prisma.join(
    [
      Prisma.sql`c.direction = 'inbound' AND c.parent_call_sid IS NULL AND c.answered_at IS NOT NULL AND c.ended_at IS NULL AND c.user_id IS NOT NULL`,
      Prisma.sql`c.started_at >= (${today}::date::timestamp AT TIME ZONE ${tz})`,
      Prisma.sql`NOT EXISTS (SELECT 1 FROM call_logs x WHERE x.call_sid = c.call_sid)`,
      ...scopeSql(ownerScope(actor), "c"),
      ...(departmentId ? [Prisma.sql`c.department_id = ${departmentId}`] : []),
    ],
    " AND ",
  );
  const [[ended], [live]] = await Promise.all([
    runSql().rows<{ inbound: number; answered: number; abandoned: number; within_sl: number }>(Prisma.sql`
      SELECT ${INBOUND_FIGURES},
             count(*) FILTER (WHERE l.direction = 'inbound' AND l.parent_call_sid IS NULL AND l.status = 'completed' AND l.user_id IS NOT NULL AND COALESCE(l.wait_seconds, 0)
               <= ${serviceLevelSeconds})::int AS within_sl
      FROM call_logs l WHERE ${callScope(actor, { from: today, to: today, tz, department_id: departmentId })}`),
    // The wait of a call on the line is its queue entry's, as its log will have it.
    runSql().rows<{ answered: number; within_sl: number }>(Prisma.sql`
      SELECT count(*)::int AS answered,
             count(*) FILTER (WHERE e.accepted_at IS NULL OR e.accepted_at - e.enqueued_at <= make_interval(secs => ${serviceLevelSeconds}))::int AS within_sl
      FROM live_calls c LEFT JOIN queue_entries e ON e.call_sid = c.call_sid AND e.organization_id = c.organization_id
      WHERE ${onTheLine}`),
  ]);
  const inbound = ended.inbound + live.answered;
  return {
    inbound,
    answered: ended.answered + live.answered,
    abandoned: ended.abandoned,
    /** Of the answered, those still on the line (not in the reports until they end). */
    on_the_line: live.answered,
    service_level: ratio(ended.within_sl + live.within_sl, inbound),
  };
}
