import "server-only";
import { CALL_DIRECTIONS } from "@/lib/calls/call-log-answer";
import type { SessionUser } from "@/lib/auth/session-user";
import { Prisma } from "@/lib/generated/prisma/client";
import { callScope } from "./report-scope";
import { num, ratio, runSql } from "./run-sql";
import type { ReportQuery } from "./schemas";

// Inbound answered = completed with an agent; abandoned = ended with no agent.
// Callers, not parts of calls: a transferred call's later parts (logs with a
// parent) are not new callers, and the caller was answered by its first part.
export const INBOUND_FIGURES = Prisma.sql`
  count(*) FILTER (WHERE l.direction = 'inbound' AND l.parent_call_sid IS NULL)::int AS inbound,
  count(*) FILTER (WHERE l.direction = 'inbound' AND l.parent_call_sid IS NULL AND l.status = 'completed' AND l.user_id IS NOT NULL)::int AS answered,
  count(*) FILTER (WHERE l.direction = 'inbound' AND l.parent_call_sid IS NULL AND l.user_id IS NULL)::int AS abandoned`;

const DIRECTIONS = CALL_DIRECTIONS;
const STATUSES = ["completed", "no-answer", "busy", "failed"];

interface SummaryRow {
  total: number;
  inbound: number;
  answered: number;
  abandoned: number;
  within_sl: number;
  avg_wait: number | null;
  p90_wait: number | null;
  aht: number | null;
  hold_seconds: number;
  transfers: number;
}

/** Calls by direction and status, answer rate, wait (average, 90th percentile), handle time, abandon rate, service level. */
export async function summaryReport({ actor, query }: { actor: SessionUser; query: ReportQuery }) {
  const scope = callScope(actor, query);
  // One pass over the range: every figure, and the direction × status counts, as FILTERed aggregates.
  const cells = DIRECTIONS.flatMap((d) => STATUSES.map((st) => ({ d, st, column: `${d}:${st}` })));
  // The two statements read the same range and run side by side on PostgreSQL (two pooled connections).
  const [[row], dispositions] = await Promise.all([
    runSql<SummaryRow & Record<string, number>>(Prisma.sql`
    SELECT count(*)::int AS total, ${INBOUND_FIGURES},
           count(*) FILTER (WHERE l.direction = 'inbound' AND l.parent_call_sid IS NULL AND l.status = 'completed' AND l.user_id IS NOT NULL AND COALESCE(l.wait_seconds, 0) <= ${query.service_level_seconds})::int AS within_sl,
           avg(l.wait_seconds) FILTER (WHERE l.direction = 'inbound') AS avg_wait,
           percentile_cont(0.9) WITHIN GROUP (ORDER BY l.wait_seconds) FILTER (WHERE l.direction = 'inbound') AS p90_wait,
           avg(l.duration) FILTER (WHERE l.status = 'completed' AND l.user_id IS NOT NULL) AS aht,
           COALESCE(sum(l.hold_seconds), 0)::int AS hold_seconds,
           count(*) FILTER (WHERE l.parent_call_sid IS NOT NULL)::int AS transfers,
           ${Prisma.join(cells.map((c) => Prisma.sql`count(*) FILTER (WHERE l.direction = ${c.d} AND l.status = ${c.st})::int AS ${Prisma.raw(`"${c.column}"`)}`), ", ")}
    FROM call_logs l WHERE ${scope}`),
    // Calls by the disposition the agent picked at wrap-up (issue 22), the same scope and range.
    runSql<{ id: number; name: string; is_success: boolean; calls: number }>(Prisma.sql`
    SELECT d.id, d.name, d.is_success, count(*)::int AS calls
    FROM call_logs l JOIN dispositions d ON d.id = l.disposition_id AND d.organization_id = l.organization_id
    WHERE ${scope} GROUP BY d.id, d.name, d.is_success ORDER BY calls DESC, d.name`),
  ]);
  const breakdown = cells.map((c) => ({ direction: c.d, status: c.st, calls: Number(row[c.column]) })).filter((b) => b.calls > 0);
  return {
    from: query.from,
    to: query.to,
    tz: query.tz,
    total_calls: row.total,
    by_direction: Object.fromEntries([...new Set(breakdown.map((b) => b.direction))].map((d) => [d, breakdown.filter((b) => b.direction === d).reduce((s, b) => s + b.calls, 0)])),
    by_status: Object.fromEntries([...new Set(breakdown.map((b) => b.status))].map((s) => [s, breakdown.filter((b) => b.status === s).reduce((t, b) => t + b.calls, 0)])),
    by_direction_and_status: breakdown,
    inbound_calls: row.inbound,
    answered: row.answered,
    abandoned: row.abandoned,
    answer_rate: ratio(row.answered, row.inbound),
    abandon_rate: ratio(row.abandoned, row.inbound),
    average_wait_seconds: num(row.avg_wait),
    p90_wait_seconds: num(row.p90_wait),
    average_handle_seconds: num(row.aht),
    service_level_seconds: query.service_level_seconds,
    service_level: ratio(row.within_sl, row.inbound),
    hold_seconds: row.hold_seconds,
    transfers: row.transfers,
    by_disposition: dispositions.map((d) => ({ disposition_id: d.id, name: d.name, is_success: d.is_success, calls: Number(d.calls) })),
  };
}
