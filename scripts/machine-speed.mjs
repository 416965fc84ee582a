// How fast this machine's core runs the kind of work the gate does, as a
// factor of the machine the gate's budgets were measured on (1 there, 2 on a
// machine that needs twice as long). The gate's tripwire and each suite's
// budget are multiplied by it (.ci/run, scripts/test.mjs), so a landing does
// not fail for the machine it ran on.
//
// Why a measured factor and not a fixed number of seconds: the same commit
// (e389a10) took 693 s on one session's machine and 1,142 s on the next, every
// step 1.4-1.95 times longer (docs/decisions/024, eighteenth session). A
// tripwire in seconds then says which machine ran, not which suite grew.
//
// The work: what a test server and a test runner do most, in plain
// JavaScript on one core: JSON in and out, regular expressions over strings,
// short-lived objects (the garbage collector), sorting, and zlib (native code).
// The best of five rounds, taken before anything else runs and again at the
// gate's end (.ci/run keeps the slower reading: a shared host's speed moves).
// The rounds run on every core at once (two here), and the slower core's best
// counts: the gate keeps both cores busy, and a host whose second core is
// shared gives less than one core's reading says. On the twenty-first
// session's machine one core read 1.69 while the whole gate, suites unchanged
// but for 19 tests, ran 1.5 times as long as the last landing's at the same
// reading (unit 37 s for 21, browser 706 s for 408), and failed the tripwire
// with every test passed; both cores at once read 1.95-2.1.
//
//   node scripts/machine-speed.mjs          prints the factor
//   node scripts/machine-speed.mjs --ms     prints the best round in milliseconds (the slower core's)
import { availableParallelism } from "node:os";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { deflateSync } from "node:zlib";

/**
 * The best round on the reference machine (the one of the seventeenth
 * session, where the budgets were set), in milliseconds: the eighteenth
 * session's machine took 183-216 ms a round and 1,142 s for the gate the
 * reference machine ran in 693 s (a factor of 1.65), so 190 / 1.65.
 */
export const REFERENCE_ROUND_MS = 115;

function round() {
  const started = performance.now();
  let checksum = 0;
  const rows = [];
  for (let i = 0; i < 2_000; i++) {
    rows.push({
      id: i,
      name: `Contact ${i}`,
      email: `contact.${i}@example.test`,
      phone: `+1555${String(i).padStart(7, "0")}`,
      tags: ["vip", `t${i % 7}`],
      created_at: new Date(1_700_000_000_000 + i * 1000).toISOString(),
    });
  }
  for (let pass = 0; pass < 60; pass++) {
    const text = JSON.stringify(rows);
    const parsed = JSON.parse(text);
    checksum += parsed.length;
    for (const row of parsed) if (/^contact\.(\d+)@example\.test$/.test(row.email)) checksum += row.phone.replace(/\D/g, "").length;
    parsed.sort((a, b) => b.name.localeCompare(a.name));
    checksum += deflateSync(text.slice(0, 20_000)).length;
  }
  return { ms: performance.now() - started, checksum };
}

export function measureRoundMs(rounds = 5) {
  let best = Infinity;
  for (let i = 0; i < rounds; i++) best = Math.min(best, round().ms);
  return best;
}

/** Each core's best round, measured on all of them at once (at most two, as the gate uses): the slower one. */
export async function measureCoresRoundMs(rounds = 5) {
  const cores = Math.max(1, Math.min(2, availableParallelism()));
  const workers = Array.from({ length: cores }, () => new Worker(new URL(import.meta.url), { workerData: { rounds } }));
  const bests = await Promise.all(
    workers.map(
      (worker) =>
        new Promise((resolve, reject) => {
          worker.once("message", resolve);
          worker.once("error", reject);
        }),
    ),
  );
  await Promise.all(workers.map((worker) => worker.terminate()));
  return Math.max(...bests);
}

export async function machineFactor() {
  return Math.max(1, (await measureCoresRoundMs()) / REFERENCE_ROUND_MS);
}

if (!isMainThread) parentPort.postMessage(measureRoundMs(workerData.rounds));
else if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--ms")) console.log((await measureCoresRoundMs()).toFixed(0));
  else console.log((await machineFactor()).toFixed(2));
}
