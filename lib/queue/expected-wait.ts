import "server-only";
import { runSql } from "@/lib/db/run-sql";

// Expected wait: a measured moving average of the queue's pace, not Erlang C.
// Erlang C needs Poisson arrivals, exponential handle times and a steady,
// known number of agents; a small team's queue has none of these (agents
// drift in and out of wrap-up, calls come in bursts), and a wrong model is
// confidently wrong. The pace a queue answers at already folds in how many
// agents are on duty and how long they talk, so the estimate follows it:
// the mean interval between its last answers (up to 20, in the last 30
// minutes), times the caller's place in line, less the time since the last
// answer (the next one is that much nearer). With fewer than three recent
// answers there is no pace to speak of: no estimate (nothing is said rather
// than a guess). bench/routing.mjs measures its error against real waits.

const WINDOW_MINUTES = 30;
const ANSWERS = 20;

export interface QueuePace {
  /** Mean seconds between the queue's recent answers. */
  intervalSeconds: number;
  /** Seconds since its last answer. */
  sinceLastSeconds: number;
}

/** The pace of one queue (a department's, or the general one when departmentId is null). */
export async function queuePace(organizationId: number, departmentId: number | null, now = new Date()): Promise<QueuePace | null> {
  const rows = await runSql().rows<{ accepted_at: Date }>(
    `SELECT accepted_at FROM queue_entries
     WHERE organization_id = $1 AND department_id IS NOT DISTINCT FROM $2::int AND accepted_at > $3::timestamptz - make_interval(mins => $4::int)
     ORDER BY accepted_at DESC LIMIT $5::int`,
    [organizationId, departmentId, now, WINDOW_MINUTES, ANSWERS + 1],
  );
  return paceOf(
    rows.map((r) => new Date(r.accepted_at).getTime()),
    now.getTime(),
  );
}

/** Every queue's pace in one read (the wallboard): by department id, null for the general queue; a queue with no recent answers is absent. */
export async function queuePaces(organizationId: number, now = new Date()): Promise<Map<number | null, QueuePace | null>> {
  const rows = await runSql().rows<{ department_id: number | null; answered: Date[] }>(
    `SELECT department_id, array_agg(accepted_at ORDER BY accepted_at DESC) AS answered FROM (
       SELECT department_id, accepted_at, row_number() OVER (PARTITION BY department_id ORDER BY accepted_at DESC) AS n
       FROM queue_entries WHERE organization_id = $1 AND accepted_at > $2::timestamptz - make_interval(mins => $3::int)) recent
     WHERE n <= $4::int GROUP BY department_id`,
    [organizationId, now, WINDOW_MINUTES, ANSWERS + 1],
  );
  return new Map(
    rows.map((r) => [
      r.department_id,
      paceOf(
        r.answered.map((a) => new Date(a).getTime()),
        now.getTime(),
      ),
    ]),
  );
}

/** The pace from answer times, newest first (pure: unit-tested). */
export function paceOf(answeredAt: number[], now: number): QueuePace | null {
  if (answeredAt.length < 3) return null;
  const intervalSeconds = (answeredAt[0] - answeredAt[answeredAt.length - 1]) / 1000 / (answeredAt.length - 1);
  return { intervalSeconds, sinceLastSeconds: Math.max(0, (now - answeredAt[0]) / 1000) };
}

/** The wait a caller at this place in line can expect, in whole seconds; null without a pace. */
export function expectedWaitSeconds(pace: QueuePace | null, position: number): number | null {
  if (!pace) return null;
  return Math.max(0, Math.round(position * pace.intervalSeconds - Math.min(pace.sinceLastSeconds, pace.intervalSeconds)));
}
