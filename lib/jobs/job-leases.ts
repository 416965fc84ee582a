import "server-only";
import { runSql } from "@/lib/db/run-sql";
import { randomUUID } from "node:crypto";
import type PgBoss from "pg-boss";
import { logger } from "@/lib/logger";
import { processSingleton } from "@/lib/process/process-registry";

// Crash recovery for background jobs. pg-boss hands a job to one worker and
// only takes it back when the job's expiry passes (30 minutes for an import,
// which may honestly run that long). So each process holds a lease on the jobs
// it runs and renews it every HEARTBEAT_MS; a lease not renewed for
// LEASE_EXPIRY_SECONDS belongs to a process that is gone, and any live process
// hands the job back: failed in pg-boss, which retries it (imports resume after
// their last whole batch), or sent again for queues that do not retry
// (campaign ticks). A process never takes back its own leases, so two live
// servers never run one job at once. On the embedded database only one process
// can exist, so at start-up every lease left over is an orphan.

const HEARTBEAT_MS = 5_000;
export const LEASE_EXPIRY_SECONDS = 20;

type Resend = (data: object) => Promise<void>;
interface LeaseState {
  workerId: string;
  timer?: NodeJS.Timeout;
  resend: Map<string, Resend>;
  /** Told of each job handed back, so its retry is looked for when due (job-queue.ts wakes the workers). */
  handedBack?: (queue: string) => void;
}
const state = processSingleton<LeaseState>("job-leases", () => ({ workerId: randomUUID(), resend: new Map() }));

/** What a queue does with a job handed back (registered by its worker). */
export function onOrphan(queue: string, resend: Resend): void {
  state.resend.set(queue, resend);
}

export async function holdLease(queue: string, jobId: string, data: object): Promise<void> {
  await runSql().rows(
    `INSERT INTO job_leases (job_id, queue, worker_id, data, heartbeat_at) VALUES ($1::uuid, $2, $3::uuid, $4::jsonb, now())
     ON CONFLICT (job_id) DO UPDATE SET worker_id = EXCLUDED.worker_id, heartbeat_at = now()`,
    [jobId, queue, state.workerId, JSON.stringify(data)],
  );
}

export async function releaseLease(jobId: string): Promise<void> {
  await runSql().rows(`DELETE FROM job_leases WHERE job_id = $1::uuid AND worker_id = $2::uuid`, [jobId, state.workerId]);
}

/**
 * Hands back the jobs of processes that stopped beating. Each orphan is taken
 * by exactly one sweeper (DELETE … RETURNING). `everyOther`: at start-up on the
 * embedded database, every lease but ours is an orphan whatever its age.
 */
export async function recoverOrphanedJobs(boss: PgBoss, { everyOther = false } = {}): Promise<number> {
  const orphans = await runSql().rows<{ job_id: string; queue: string; data: object }>(
    `DELETE FROM job_leases WHERE worker_id <> $1::uuid AND ($2 OR heartbeat_at < now() - make_interval(secs => $3))
     RETURNING job_id, queue, data`,
    [state.workerId, everyOther, LEASE_EXPIRY_SECONDS],
  );
  for (const orphan of orphans) {
    logger.warn("job of a stopped process handed back", { queue: orphan.queue, job_id: orphan.job_id });
    await boss.fail(orphan.queue, orphan.job_id, { reason: "The server running this job stopped." });
    await state.resend.get(orphan.queue)?.(orphan.data);
    state.handedBack?.(orphan.queue);
  }
  return orphans.length;
}

/**
 * Renews this process's leases and sweeps for orphans, every HEARTBEAT_MS, for
 * the life of the process. The first sweep comes after the workers have
 * registered at start-up; on the embedded database it takes back every lease
 * the previous process left.
 */
export function keepLeases(boss: PgBoss, { embedded, handedBack }: { embedded: boolean; handedBack: (queue: string) => void }): void {
  state.handedBack = handedBack;
  if (state.timer) return;
  let first = true;
  state.timer = setInterval(() => {
    void (async () => {
      await runSql().rows(`UPDATE job_leases SET heartbeat_at = now() WHERE worker_id = $1::uuid`, [state.workerId]);
      await recoverOrphanedJobs(boss, { everyOther: embedded && first });
      first = false;
    })().catch((error) => logger.error("job lease upkeep failed", { error: error instanceof Error ? error.message : String(error) }));
  }, HEARTBEAT_MS);
  state.timer.unref();
}
