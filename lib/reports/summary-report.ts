import "server-only";
import { CALL_DIRECTIONS } from "@/lib/calls/call-log-answer";
import type { SessionUser } from "@/lib/auth/session-user";
import { Prisma } from "@/lib/generated/prisma/client";
import { callScope } from "./report-scope";
import { percentileFromHistogram } from "./percentile-from-histogram";
import { num, ratio } from "./figures";
import { runSql } from "@/lib/db/run-sql";
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

/** One group of the range's calls: the same direction, status, part (first or later), agent or none, and (inbound) wait. */
interface CallGroup {
  direction: string;
  status: string;
  first_part: boolean;
  with_agent: boolean;
  wait_seconds: number | null;
  calls: number;
  durations: number;
  duration_sum: number | null;
  hold_seconds: number | null;
}

/** Calls by direction and status, answer rate, wait (average, 90th percentile), handle time, abandon rate, service level. */
export async function summaryReport({ actor, query }: { actor: SessionUser; query: ReportQuery }) {
  const scope = callScope(actor, query);
  // One pass over the range, grouped on everything the figures tell apart (the wait in seconds
  // included, so the service level, the average and the percentile come from the groups): at
  // 1,000,000 call logs, 30 FILTERed aggregates and an ordered percentile over a 30-day range cost
  // about twice the CPU (issue 40). Dispositions side by side (their own small index).
  const [groups, dispositions] = await Promise.all([
    runSql().rows<CallGroup>(Prisma.sql`
      SELECT l.direction, l.status, l.parent_call_sid IS NULL AS first_part, l.user_id IS NOT NULL AS with_agent,
             CASE WHEN l.direction = 'inbound' THEN l.wait_seconds END AS wait_seconds,
             count(*)::int AS calls, count(l.duration)::int AS durations, sum(l.duration)::float8 AS duration_sum, sum(l.hold_seconds)::float8 AS hold_seconds
      FROM call_logs l WHERE ${scope} GROUP BY 1, 2, 3, 4, 5`),
    // Calls by the disposition the agent picked at wrap-up (issue 22), the same scope and range.
    runSql().rows<{ id: number; name: string; is_success: boolean; calls: number }>(Prisma.sql`
      SELECT d.id, d.name, d.is_success, count(*)::int AS calls
      FROM call_logs l JOIN dispositions d ON d.id = l.disposition_id AND d.organization_id = l.organization_id
      WHERE ${scope} AND l.disposition_id IS NOT NULL GROUP BY d.id, d.name, d.is_success ORDER BY calls DESC, d.name`),
  ]);
  const count = (keep: (g: CallGroup) => boolean, figure: (g: CallGroup) => number | null = (g) => g.calls) => groups.filter(keep).reduce((sum, g) => sum + Number(figure(g) ?? 0), 0);
  // Inbound answered = completed with an agent; abandoned = ended with no agent. Callers, not parts of
  // calls: a transferred call's later parts (logs with a parent) are not new callers.
  const firstInbound = (g: CallGroup) => g.direction === "inbound" && g.first_part;
  const handled = (g: CallGroup) => g.status === "completed" && g.with_agent;
  const row = {
    total: count(() => true),
    inbound: count(firstInbound),
    answered: count((g) => firstInbound(g) && handled(g)),
    abandoned: count((g) => firstInbound(g) && !g.with_agent),
    within_sl: count((g) => firstInbound(g) && handled(g) && (g.wait_seconds ?? 0) <= query.service_level_seconds),
    hold_seconds: count(
      () => true,
      (g) => g.hold_seconds,
    ),
    transfers: count((g) => !g.first_part),
  };
  const handleCount = count(handled, (g) => g.durations);
  const handleSeconds = count(handled, (g) => g.duration_sum);
  // The waits of inbound calls (every part), as a histogram: seconds → calls.
  const waits = new Map<number, number>();
  for (const g of groups) if (g.direction === "inbound" && g.wait_seconds !== null) waits.set(g.wait_seconds, (waits.get(g.wait_seconds) ?? 0) + g.calls);
  const histogram = [...waits].map(([value, calls]) => ({ value, count: calls })).sort((x, y) => x.value - y.value);
  const waitCount = histogram.reduce((sum, w) => sum + w.count, 0);
  const waitSum = histogram.reduce((sum, w) => sum + w.value * w.count, 0);
  const cells = DIRECTIONS.flatMap((d) => STATUSES.map((st) => ({ d, st })));
  const breakdown = cells.map((c) => ({ direction: c.d, status: c.st, calls: count((g) => g.direction === c.d && g.status === c.st) })).filter((b) => b.calls > 0);
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
    average_wait_seconds: num(waitCount > 0 ? waitSum / waitCount : null),
    p90_wait_seconds: num(percentileFromHistogram(histogram, 0.9)),
    average_handle_seconds: num(handleCount > 0 ? handleSeconds / handleCount : null),
    service_level_seconds: query.service_level_seconds,
    service_level: ratio(row.within_sl, row.inbound),
    hold_seconds: row.hold_seconds,
    transfers: row.transfers,
    by_disposition: dispositions.map((d) => ({ disposition_id: d.id, name: d.name, is_success: d.is_success, calls: Number(d.calls) })),
  };
}
