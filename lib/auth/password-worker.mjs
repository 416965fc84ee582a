import { parentPort } from "node:worker_threads";
import bcrypt from "bcryptjs";

// A password thread (issue 40): bcrypt is pure JavaScript and costs tens to
// hundreds of milliseconds of CPU per check, so it runs here, off the event
// loop that answers requests (lib/auth/password-pool.ts hands out one job at a
// time). Plain JavaScript, not TypeScript, so Node loads it as it is under the
// unit tests too; the production build bundles it like the webhook sender
// thread. Unlike that thread it keeps the process's CPU priority: at a lower
// one, other processes on a busy machine would slow every sign-in further.

// One job at a time per thread (the pool never sends a second before the
// answer), so the synchronous functions: no chunking between rounds.
parentPort?.on("message", (job) => {
  try {
    const result = job.op === "hash" ? bcrypt.hashSync(job.password, job.cost) : bcrypt.compareSync(job.password, job.hash);
    parentPort?.postMessage({ result });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
