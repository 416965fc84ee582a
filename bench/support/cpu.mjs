// CPU accounting for benchmarks, from /proc (Linux): what a load cost whom.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;
const ticksOf = (stat) => {
  const fields = stat.split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]); // utime + stime
};

/** A process's CPU seconds so far (all its threads). */
export const cpuSeconds = (pid) => ticksOf(readFileSync(`/proc/${pid}/stat`, "utf8")) / TICKS_PER_SECOND;

/** The CPU seconds of every PostgreSQL process on the machine so far (the database's share of a load). */
export const postgresSeconds = () => {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (stat.includes(" (postgres) ")) ticks += ticksOf(stat);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / TICKS_PER_SECOND;
};

/** The whole machine's busy and total core-seconds so far (/proc/stat): how much of it a load left to everyone else. */
export const machineSeconds = () => {
  const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: (total - ticks[3] - ticks[4]) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
};

/** The calling thread's CPU seconds so far (Linux): one thread's share where a process has several. */
export const threadSeconds = () => ticksOf(readFileSync("/proc/thread-self/stat", "utf8")) / TICKS_PER_SECOND;

/** CPU seconds per thread of a process, by thread name and id: a sender thread's share against its event loop's. */
export const threadsSeconds = (pid) => {
  const out = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      out[tid] = { name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), seconds: ticksOf(stat) / TICKS_PER_SECOND };
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
};
