import "server-only";
import PgBoss from "pg-boss";
import { inBackground } from "@/lib/db/background-work";
import { logger } from "@/lib/logger";
import { holdLease, keepLeases, onOrphan, releaseLease } from "./job-leases";
import { processSingleton } from "@/lib/process/process-registry";
import { withAdvisoryLock } from "@/lib/db/advisory-lock";
import { databaseKind, jobQueueConnection } from "@/lib/db/database-facts";
import { onShutdown } from "@/lib/shutdown";
import { listen } from "@/lib/db/listen";
import { runSql } from "@/lib/db/run-sql";

// Background jobs on pg-boss, in the same database as everything else (its own
// "pgboss" schema), on PostgreSQL and on the embedded PGlite alike: jobs
// survive restarts, each is handed to one worker at a time, and every server
// process takes a share of the work.

export const QUEUES = {
  contactImport: "contact-import",
  campaignDispatch: "campaign-tick",
  messageRelease: "message-release",
  contactOperation: "contact-operation",
  messageMedia: "message-media",
} as const;
type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

const JOB_QUEUE_LOCK = 72707372;
/**
 * pg-boss's own connections to PostgreSQL (its default is 10): it only fetches
 * and settles jobs, whose work runs on the server's pool. Each server's share
 * of the database's connections is its pool, these, and two listeners.
 */
const JOB_QUEUE_CONNECTIONS = 3;
/** How long a failed import or contact operation waits before its retry. */
const RETRY_DELAY_SECONDS = 5;
const started = processSingleton<{ boss?: Promise<PgBoss> }>("job-queue", () => ({}));
// Whether pg-boss runs in this process, for the readiness check: started, and not stopped since.
const queueState = processSingleton("job-queue-state", () => ({ running: false }));

/** true once pg-boss has started here, until it stops. */
export function jobQueueRunning(): boolean {
  return queueState.running;
}

/**
 * Imports and contact operations: a stuck job expires after 30 minutes so
 * another worker can resume it, and is retried twice. Campaign ticks are cheap
 * and repeatable: never retried, and "short" (per key at most one waiting), so
 * a burst of kicks collapses into the one tick still to come. Not "stately"
 * (also at most one running per key): pg-boss takes the oldest due job first,
 * and one whose key is running elsewhere cannot be made active, so a single
 * slow tick (a provider answering in 6 s) stalled every campaign's ticks on
 * every server until it ended (pg-boss issue 535). Two ticks of one campaign
 * at once are harmless: contacts and agents are claimed with row locks.
 */
function queueOptions(name: QueueName): PgBoss.Queue {
  return name === QUEUES.campaignDispatch ? { name, policy: "short", retryLimit: 0, expireInSeconds: 120 } : { name, retryLimit: 2, retryDelay: RETRY_DELAY_SECONDS, expireInSeconds: 1800 };
}

export function jobQueue(): Promise<PgBoss> {
  started.boss ??= (async () => {
    const target = jobQueueConnection();
    // No cron schedules here: without `schedule: false` pg-boss keeps a worker and a monitor polling for them.
    const options = { schema: "pgboss", schedule: false };
    const boss = new PgBoss("connectionString" in target ? { connectionString: target.connectionString, max: JOB_QUEUE_CONNECTIONS, ...options } : { db: target, ...options });
    boss.on("error", (error) => logger.error("job queue error", { error: error.message }));
    boss.on("stopped", () => (queueState.running = false));
    // Processes starting together on a fresh database would race (and deadlock)
    // creating pg-boss's schema and queues: one at a time, like the migrations.
    await withAdvisoryLock(JOB_QUEUE_LOCK, async () => {
      await boss.start();
      for (const name of Object.values(QUEUES)) {
        const wanted = queueOptions(name);
        const existing = await boss.getQueue(name);
        if (!existing) await boss.createQueue(name, wanted);
        // A database made before a policy changed keeps the old one until told (jobs already queued keep theirs).
        else if (existing.policy !== (wanted.policy ?? "standard")) await boss.updateQueue(name, wanted);
      }
    });
    queueState.running = true;
    // Jobs of a process that died are handed back (job-leases.ts).
    keepLeases(boss, { embedded: databaseKind() === "embedded", handedBack: (queue) => wakeWhenRetried(queue as QueueName) });
    stopTakingJobsOnShutdown(boss);
    return boss;
  })();
  return started.boss;
}

// This process's workers, so a job queued here is picked up at once rather
// than at the next poll. Kept in the process registry: the workers are
// registered from instrumentation, jobs are queued from route handlers, and
// Next.js bundles those separately (a module-level Map would be two Maps).
const localWorkers = processSingleton("job-workers", () => new Map<QueueName, LocalWorker[]>());

interface LocalWorker {
  id: string;
  busy: boolean;
}

/**
 * Workers are woken, not kept polling: by a job queued in this process, by a
 * NOTIFY from another server that queued one, by a timer when a delayed job
 * falls due, and after each job they finish (the line may hold more). The poll
 * is only the fallback for a wake-up that was missed (a server that died
 * between its job and its NOTIFY, a listening connection being reopened).
 * Polling every 0.5 s was ten of the twenty statements an idle server asked
 * a second (issue 61, point 4; bench:offers counts idle work in every call).
 */
const POLL_SECONDS = 5;
/** A queue's second and later workers are woken when there is work; their poll is a long-stop only. */
const SPARE_POLL_SECONDS = 60;
const JOBS_CHANNEL = "cc_jobs";

export async function enqueueJob(name: QueueName, data: object, singletonKey?: string, startAfterSeconds?: number): Promise<void> {
  const boss = await jobQueue();
  await boss.send(name, data, { ...(singletonKey && { singletonKey }), ...(startAfterSeconds && { startAfter: startAfterSeconds }) });
  if (!startAfterSeconds) return wakeWorkers(name);
  // pg-boss takes a delayed job at the first fetch after it is due; this process makes sure there is one.
  setTimeout(() => void wakeWorkers(name), startAfterSeconds * 1000 + 250).unref();
}

/** This process's worker for the queue looks for a job now, and every other server's too. */
async function wakeWorkers(name: QueueName): Promise<void> {
  wakeLocal(name);
  if (databaseKind() !== "postgres") return;
  await runSql("unflushed")
    .rows(`SELECT pg_notify('${JOBS_CHANNEL}', $1)`, [name])
    .catch((error) => logger.warn("job wake-up not sent", { queue: name, error: error instanceof Error ? error.message : String(error) }));
}

/** A failed job (or one handed back from a stopped server) is retried after RETRY_DELAY_SECONDS: someone looks then, not at the next poll. */
function wakeWhenRetried(name: QueueName): void {
  setTimeout(() => void wakeWorkers(name), RETRY_DELAY_SECONDS * 1000 + 250).unref();
}

/** One idle worker of this process looks now; when all are busy, each looks again as its job ends. */
function wakeLocal(name: string): void {
  const idle = localWorkers.get(name as QueueName)?.find((worker) => !worker.busy);
  if (idle) void jobQueue().then((boss) => boss.notifyWorker(idle.id));
}

const listening = processSingleton("job-wake-listener", () => ({ started: false }));

/** Other servers' wake-ups reach this process's workers; after a reconnect (wake-ups missed) every worker looks. */
async function listenForWakeUps(): Promise<void> {
  if (listening.started || databaseKind() !== "postgres") return;
  listening.started = true;
  await listen(
    JOBS_CHANNEL,
    (name) => wakeLocal(name),
    () => [...localWorkers.keys()].forEach(wakeLocal),
  );
}

/**
 * Registers this process as a worker for a queue. `orphaned`: what to do with
 * a job of this queue whose process died, once pg-boss has it back as failed
 * (a queue that retries needs nothing; one that does not sends it again).
 * `concurrency`: how many of its jobs this process runs at once, so that one
 * slow job (a campaign tick waiting on the provider) does not hold the others.
 */
export async function workOn<T extends object>(
  name: QueueName,
  handler: (data: T) => Promise<void>,
  { orphaned, concurrency = 1 }: { orphaned?: (data: T) => Promise<void>; concurrency?: number } = {},
): Promise<void> {
  const boss = await jobQueue();
  if (orphaned) onOrphan(name, orphaned as (data: object) => Promise<void>);
  await listenForWakeUps();
  const workers: LocalWorker[] = [];
  localWorkers.set(name, workers);
  for (let i = 0; i < concurrency; i++) {
    const worker: LocalWorker = { id: "", busy: false };
    worker.id = await boss.work<T>(name, { pollingIntervalSeconds: i === 0 ? POLL_SECONDS : SPARE_POLL_SECONDS, batchSize: 1 }, async ([job]) => {
      worker.busy = true;
      // The line may hold more than this job: an idle worker looks too.
      wakeLocal(name);
      await holdLease(name, job.id, job.data);
      try {
        // Nobody waits on a job at the other end of a connection: on the embedded database its statements give way to requests'.
        await inBackground(() => handler(job.data));
      } catch (error) {
        wakeWhenRetried(name);
        throw error;
      } finally {
        worker.busy = false;
        await releaseLease(job.id);
        // The line may hold more (queued while this one ran, their wake-ups spent): look again at once.
        boss.notifyWorker(worker.id);
      }
    });
    workers.push(worker);
  }
}

/**
 * A stopping server takes no new job: between the signal and the exit (up to
 * the shutdown steps' 4 s) its workers would still fetch, and a job fetched
 * then dies with the process, stranded until its lease lapses (job-leases.ts).
 * Jobs already running finish or are handed back as before. Registered once
 * per process, with the process's one pg-boss.
 */
function stopTakingJobsOnShutdown(boss: PgBoss): void {
  onShutdown(async () => {
    await Promise.all([...localWorkers.keys()].map((name) => boss.offWork(name)));
  });
}
