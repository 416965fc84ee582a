// Samples every process's CPU (and each thread of node processes) once a second; prints totals on SIGTERM/SIGINT.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
const HZ = 100;
const seen = new Map(); // pid -> {cmd, cpu, threads: Map(tid->{name,cpu})}
const out = process.argv[2] ?? "/tmp/cpu-sample.json";
function stat(p) { const s = readFileSync(p, "utf8"); const r = s.slice(s.lastIndexOf(")") + 2).split(" "); return { cpu: (Number(r[11]) + Number(r[12])) / HZ, name: s.slice(s.indexOf("(") + 1, s.lastIndexOf(")")) }; }
function sample() {
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const st = stat(`/proc/${pid}/stat`);
      let e = seen.get(pid);
      if (!e) { const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").slice(0, 300); e = { cmd, cpu: 0, threads: {} , first: Date.now()}; seen.set(pid, e); }
      e.cpu = st.cpu; e.last = Date.now();
      if (st.name.startsWith("node") || e.cmd.includes("node")) {
        for (const tid of readdirSync(`/proc/${pid}/task`)) { try { const t = stat(`/proc/${pid}/task/${tid}/stat`); e.threads[tid] = t; } catch {} }
      }
    } catch {}
  }
}
const base = new Map();
// record baseline for already-running processes
for (const pid of readdirSync("/proc")) { if (/^\d+$/.test(pid)) try { base.set(pid, stat(`/proc/${pid}/stat`).cpu); } catch {} }
const t = setInterval(sample, 500);
function done() { clearInterval(t); sample(); const arr = [...seen.entries()].map(([pid, e]) => ({ pid, ...e, cpu: e.cpu - (base.get(pid) ?? 0) })); writeFileSync(out, JSON.stringify(arr)); process.exit(0); }
process.on("SIGTERM", done); process.on("SIGINT", done);
