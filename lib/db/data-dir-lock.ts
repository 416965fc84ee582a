import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { processSingleton } from "@/lib/process/process-registry";

/**
 * One server per embedded data folder. PGlite is PostgreSQL in this process,
 * with no postmaster to refuse a second one: two servers on one folder both
 * served, each seeing only its own writes, and the files they wrote over each
 * other later failed a start with "Aborted()". The server holds DATA_DIR/server.lock
 * (created with O_EXCL, so of two starts one wins) from before PGlite opens the
 * folder until the process ends; a start that finds it held by a live process
 * refuses. A lock whose process is gone (a crash, kill -9) is taken over.
 */

export class DataDirInUse extends Error {}

export interface LockOwner {
  pid: number;
  host: string;
  /** The process's start time in clock ticks since boot (Linux), to tell a reused pid from the owner. */
  pid_start: string | null;
  started_at: string;
}

const lock = processSingleton<{ held?: string }>("data-dir-lock", () => ({}));

/** Takes the lock on `dataDir` for this process, once (every bundle's copy of this module shares it). */
export function lockDataDir(dataDir: string): void {
  const file = path.join(path.resolve(dataDir), "server.lock");
  if (lock.held === file) return;
  const me: LockOwner = { pid: process.pid, host: hostname(), pid_start: processStart(process.pid), started_at: new Date().toISOString() };
  // Twice at most: a stale lock is removed once, then created anew with O_EXCL;
  // a start that loses that race to another finds the winner alive.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      lock.held = file;
      process.once("exit", () => release(file));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readOwner(file);
    if (owner && isAlive(owner)) {
      throw new DataDirInUse(
        `The data folder ${path.dirname(file)} is in use by another server (process ${owner.pid} on ${owner.host}, started ${owner.started_at}). ` +
          `One server per data folder: stop that server, or give this one another DATA_DIR (or a DATABASE_URL). ` +
          `If no such server runs, delete ${file}.`,
      );
    }
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  throw new DataDirInUse(`The data folder ${path.dirname(file)} is being taken by another server starting at the same time.`);
}

/**
 * The live server holding `dataDir`, if any: the command-line tools (db:move,
 * backup, restore) ask before they touch the folder, to name it in their answer.
 */
export function dataDirHolder(dataDir: string): LockOwner | null {
  const owner = readOwner(path.join(path.resolve(dataDir), "server.lock"));
  return owner && owner.pid !== process.pid && isAlive(owner) ? owner : null;
}

function readOwner(file: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as LockOwner;
  } catch {
    // Unreadable or half written: a process that died while writing it, or one
    // writing it this very instant; the latter's O_EXCL already won, and our
    // second attempt will find its whole record.
    return null;
  }
}

/** Whether the lock's process still runs. Another host's process cannot be checked: it counts as alive. */
function isAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  // A container restarted keeps its pids: a lock naming this very process is a previous life's.
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  // Alive, unless the pid now belongs to another process than the one that wrote the lock.
  const start = processStart(owner.pid);
  return !(start && owner.pid_start && start !== owner.pid_start);
}

/** Field 22 of /proc/<pid>/stat: when the process started; null where there is no /proc. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function release(file: string): void {
  try {
    if (readOwner(file)?.pid === process.pid) unlinkSync(file);
  } catch {
    // already gone
  }
}
