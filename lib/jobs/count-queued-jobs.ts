import "server-only";
import { runSql } from "@/lib/db/run-sql";
import { QUEUES } from "./job-queue";

/**
 * Jobs of each pg-boss queue waiting to run (created or to retry) and running
 * now, for the metrics: one statement over the unfinished jobs; every queue is
 * listed, an empty one with 0.
 */
export async function countQueuedJobs(): Promise<{ queue: string; queued: number; active: number }[]> {
  const rows = await runSql().rows<{ name: string; queued: number; active: number }>(
    `SELECT name, (count(*) FILTER (WHERE state < 'active'))::int AS queued, (count(*) FILTER (WHERE state = 'active'))::int AS active
       FROM pgboss.job WHERE state <= 'active' GROUP BY name`,
  );
  const byName = new Map(rows.map((row) => [row.name, row]));
  return Object.values(QUEUES).map((queue) => ({ queue, queued: byName.get(queue)?.queued ?? 0, active: byName.get(queue)?.active ?? 0 }));
}
