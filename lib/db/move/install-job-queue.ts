import PgBoss from "pg-boss";
import type { Query } from "./describe-tables";

const SCHEMA = "pgboss";

interface QueueRow {
  name: string;
  policy: string | null;
  retry_limit: number | null;
  retry_delay: number | null;
  retry_backoff: boolean | null;
  expire_seconds: number | null;
  retention_minutes: number | null;
  dead_letter: string | null;
}

/**
 * pg-boss's schema on the target, as pg-boss itself creates it, with the
 * source's queues: each queue is a partition of pgboss.job that create_queue
 * makes (its table, indexes and constraints), so the jobs copied afterwards
 * (texts held through quiet hours, imports waiting) have somewhere to go.
 * Inside the move's transaction: pg-boss's script carries a transaction of its
 * own (BEGIN … COMMIT, with a 30 s idle limit that would end the move while it
 * reads a large table from the source), which is taken off here.
 */
export async function installJobQueue(target: Query, source: Query): Promise<void> {
  const [{ version }] = await source<{ version: number }>(`SELECT version FROM ${SCHEMA}.version`);
  const script = PgBoss.getConstructionPlans(SCHEMA);
  const wrapper = [/^\s*BEGIN;/, /SET LOCAL lock_timeout = '30s';/, /SET LOCAL idle_in_transaction_session_timeout = '30s';/, /COMMIT;\s*$/];
  // A pg-boss whose script reads differently is not one this code was written for: stop rather than guess.
  if (!wrapper.every((part) => part.test(script))) throw new Error("pg-boss's schema script is not the one this version of db:move knows; the target is untouched.");
  await target(wrapper.reduce((text, part) => text.replace(part, ""), script));
  const [installed] = await target<{ version: number }>(`SELECT version FROM ${SCHEMA}.version`);
  if (installed?.version !== version) {
    throw new Error(
      `The embedded database's job queue is pg-boss schema ${version}, this installation's pg-boss makes ${installed?.version}: ` +
        `start the server once on the embedded database (it migrates the job queue), stop it, and move again.`,
    );
  }
  const queues = await source<QueueRow>(`SELECT name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds, retention_minutes, dead_letter FROM ${SCHEMA}.queue`);
  // A queue's dead letter queue must exist before it (a foreign key).
  const made = new Set<string>();
  while (made.size < queues.length) {
    const ready = queues.filter((queue) => !made.has(queue.name) && (!queue.dead_letter || made.has(queue.dead_letter) || queue.dead_letter === queue.name));
    if (ready.length === 0) throw new Error("The job queues' dead letter queues name each other in a circle.");
    for (const queue of ready) {
      const options = {
        policy: queue.policy,
        retryLimit: queue.retry_limit,
        retryDelay: queue.retry_delay,
        retryBackoff: queue.retry_backoff,
        expireInSeconds: queue.expire_seconds,
        retentionMinutes: queue.retention_minutes,
        deadLetter: queue.dead_letter,
      };
      await target(`SELECT ${SCHEMA}.create_queue($1, $2::json)`, [queue.name, JSON.stringify(options)]);
      made.add(queue.name);
    }
  }
}
