import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { Prisma } from "@/lib/generated/prisma/client";
import { callScope } from "./report-scope";
import { runSql } from "@/lib/db/run-sql";
import type { ReportQuery } from "./schemas";

interface Cell {
  user_id: number | null;
  user_name: string | null;
  campaign_id: number | null;
  campaign_name: string | null;
  queued: boolean;
  queue_department_id: number | null;
  department_name: string | null;
  disposition_id: number | null;
  calls: number;
}

type Group = "agent" | "campaign" | "queue";

/**
 * Outcomes as agents recorded them (issue 45, point 2): the range's calls by
 * disposition, and each disposition per agent, per campaign and per queue
 * (the queue the caller waited in: a department's, or the general queue). One pass over
 * the call logs in the caller's scope, grouped on all four at once. Calls
 * without a disposition are counted too, so a team's gaps show.
 */
export async function dispositionReport({ actor, query }: { actor: SessionUser; query: ReportQuery }) {
  const scope = callScope(actor, query);
  const [cells, dispositions] = await Promise.all([
    runSql().rows<Cell>(Prisma.sql`
      SELECT g.*, u.name AS user_name, k.name AS campaign_name, d.name AS department_name FROM (
        SELECT l.user_id, l.campaign_id, e.id IS NOT NULL AS queued, e.department_id AS queue_department_id, l.disposition_id, count(*)::int AS calls
        FROM call_logs l LEFT JOIN queue_entries e ON e.call_sid = l.call_sid AND e.organization_id = l.organization_id
        WHERE ${scope} GROUP BY 1, 2, 3, 4, 5) g
      LEFT JOIN users u ON u.id = g.user_id LEFT JOIN campaigns k ON k.id = g.campaign_id LEFT JOIN departments d ON d.id = g.queue_department_id`),
    runSql().rows<{ id: number; name: string; is_success: boolean; archived: boolean }>(Prisma.sql`
      SELECT id, name, is_success, archived_at IS NOT NULL AS archived FROM dispositions WHERE organization_id = ${actor.organization_id} ORDER BY position, name`),
  ]);
  const named = new Map(dispositions.map((d) => [d.id, d]));
  const rows = new Map<string, { group: Group; id: number | null; name: string; disposition_id: number | null; disposition: string | null; calls: number }>();
  const add = (group: Group, id: number | null, name: string, cell: Cell) => {
    const key = `${group}:${id}:${cell.disposition_id}`;
    const row = rows.get(key) ?? { group, id, name, disposition_id: cell.disposition_id, disposition: cell.disposition_id === null ? null : (named.get(cell.disposition_id)?.name ?? null), calls: 0 };
    row.calls += cell.calls;
    rows.set(key, row);
  };
  for (const cell of cells) {
    if (cell.user_id !== null) add("agent", cell.user_id, cell.user_name ?? `User ${cell.user_id}`, cell);
    if (cell.campaign_id !== null) add("campaign", cell.campaign_id, cell.campaign_name ?? `Campaign ${cell.campaign_id}`, cell);
    if (cell.queued) add("queue", cell.queue_department_id, cell.queue_department_id === null ? "General" : (cell.department_name ?? `Department ${cell.queue_department_id}`), cell);
  }
  const total = (keep: (c: Cell) => boolean) => cells.filter(keep).reduce((sum, c) => sum + c.calls, 0);
  const order: Group[] = ["agent", "campaign", "queue"];
  return {
    from: query.from,
    to: query.to,
    tz: query.tz,
    calls: total(() => true),
    without_disposition: total((c) => c.disposition_id === null),
    // Every disposition of the organization, used or not (an archived one only where it was used): the report's columns.
    dispositions: dispositions
      .map((d) => ({ disposition_id: d.id, name: d.name, is_success: d.is_success, archived: d.archived, calls: total((c) => c.disposition_id === d.id) }))
      .filter((d) => !d.archived || d.calls > 0),
    data: [...rows.values()].sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group) || a.name.localeCompare(b.name) || b.calls - a.calls),
  };
}
