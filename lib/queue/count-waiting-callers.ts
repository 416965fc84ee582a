import "server-only";
import { runSql } from "@/lib/db/run-sql";

/** Series the waiting-callers gauge keeps; the rest are summed as organization="other", queue="other". */
export const WAITING_SERIES_LIMIT = 50;

export interface WaitingCallers {
  /** The organization's id, or "other". */
  organization: string;
  /** "general", "department-<id>", or "other". */
  queue: string;
  waiting: number;
}

/**
 * Callers waiting now in each organization's queues (the general one and one
 * per department): the busiest WAITING_SERIES_LIMIT queues (of equally busy
 * ones, those a caller joined last) by name and the rest together. Read at
 * every metrics scrape, so one statement on the waiting entries' own index
 * (queue_entries_waiting_idx), and a bounded number of series however many
 * organizations there are.
 */
export async function countWaitingCallers(): Promise<WaitingCallers[]> {
  const rows = await runSql().rows<{ organization_id: number; department_id: number | null; waiting: number; total: number }>(
    `SELECT organization_id, department_id, count(*)::int AS waiting, (sum(count(*)) OVER ())::int AS total
       FROM queue_entries WHERE status = 'waiting'
      GROUP BY organization_id, department_id
      ORDER BY waiting DESC, max(enqueued_at) DESC, organization_id, department_id
      LIMIT ${WAITING_SERIES_LIMIT}`,
  );
  const counted: WaitingCallers[] = rows.map((row) => ({
    organization: String(row.organization_id),
    queue: row.department_id === null ? "general" : `department-${row.department_id}`,
    waiting: row.waiting,
  }));
  const rest = (rows[0]?.total ?? 0) - counted.reduce((sum, row) => sum + row.waiting, 0);
  if (rest > 0) counted.push({ organization: "other", queue: "other", waiting: rest });
  return counted;
}
