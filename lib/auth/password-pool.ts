import { Worker } from "node:worker_threads";

// Password hashing off the event loop (issue 40): 1,000 wrong-password logins
// hashed on the request thread held other users' requests for 25-54 s. A
// fixed number of threads (lib/auth/password-worker.mjs) each check one
// password at a time; checks beyond them wait in a bounded line, and one more
// than the line holds is refused at once (null; a 503 for the caller) instead of
// queueing without end: a flood then costs its senders an answer, not every
// other user their service. The rate limits refuse before anything gets here.

export type PasswordJob = { op: "hash"; password: string; cost: number } | { op: "compare"; password: string; hash: string };

interface Waiting {
  job: PasswordJob;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  busy: Waiting | null;
}

export interface PasswordPool {
  /** The check's answer, or null at once when the threads and the line are full. */
  run(job: PasswordJob): Promise<string | boolean> | null;
  /** Checks running and waiting now. */
  load(): { running: number; waiting: number };
  close(): Promise<void>;
}

/** threads: checks at once; queue: checks that may wait for a thread before more are refused. */
export function createPasswordPool({ threads, queue }: { threads: number; queue: number }): PasswordPool {
  const pool: Thread[] = [];
  const line: Waiting[] = [];

  function start(): Thread {
    // new URL(..., import.meta.url): the form the production build follows to bundle a worker (as the webhook sender's).
    const thread: Thread = { worker: new Worker(new URL("./password-worker.mjs", import.meta.url)), busy: null };
    thread.worker.on("message", (answer: { result?: string | boolean; error?: string }) => {
      const done = thread.busy;
      thread.busy = null;
      thread.worker.unref();
      if (answer.error !== undefined) done?.reject(new Error(answer.error));
      else done?.resolve(answer.result!);
      next();
    });
    // A thread that fails or ends takes only its own check with it; the next check starts a new one.
    const gone = (error: Error) => {
      const index = pool.indexOf(thread);
      if (index < 0) return;
      pool.splice(index, 1);
      thread.busy?.reject(error);
      thread.busy = null;
      next();
    };
    thread.worker.on("error", gone);
    thread.worker.on("exit", (code) => gone(new Error(`The password thread stopped (exit code ${code}).`)));
    thread.worker.unref();
    pool.push(thread);
    return thread;
  }

  function next(): void {
    while (line.length > 0) {
      const thread = pool.find((t) => !t.busy) ?? (pool.length < threads ? start() : undefined);
      if (!thread) return;
      const waiting = line.shift()!;
      thread.busy = waiting;
      // Held while it works, so a script awaiting a hash does not end under it; let go when idle.
      thread.worker.ref();
      thread.worker.postMessage(waiting.job);
    }
  }

  return {
    run(job) {
      const running = pool.filter((t) => t.busy).length;
      if (running >= threads && line.length >= queue) return null;
      return new Promise((resolve, reject) => {
        line.push({ job, resolve, reject });
        next();
      });
    },
    load: () => ({ running: pool.filter((t) => t.busy).length, waiting: line.length }),
    async close() {
      for (const waiting of line.splice(0)) waiting.reject(new Error("The password pool closed."));
      await Promise.all(pool.splice(0).map((t) => t.worker.terminate()));
    },
  };
}
