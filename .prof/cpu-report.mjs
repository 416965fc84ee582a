import { readFileSync } from "node:fs";
const arr = JSON.parse(readFileSync(process.argv[2] ?? "/tmp/cpu-sample.json", "utf8"));
const cat = (c) => c.includes("next-server") || c.includes("next start") || c.includes("server.js") ? "server" : c.includes("postgres") ? "postgres" : c.includes("chrom") ? "chromium" : c.includes("vitest") ? "vitest" : c.includes("playwright") ? "playwright" : c.includes("npm") ? "npm" : c.split(" ")[0].slice(0, 40);
const g = {};
for (const e of arr) { const k = cat(e.cmd); g[k] ??= { cpu: 0, n: 0 }; g[k].cpu += e.cpu; g[k].n++; }
console.log(Object.entries(g).sort((a, b) => b[1].cpu - a[1].cpu).filter(([, v]) => v.cpu > 0.5).map(([k, v]) => `${k.padEnd(40)} ${v.cpu.toFixed(1).padStart(8)} CPU-s  ${v.n} procs`).join("\n"));
console.log("top processes:");
for (const e of arr.sort((a, b) => b.cpu - a.cpu).slice(0, Number(process.argv[3] ?? 12))) {
  const th = Object.values(e.threads ?? {}).sort((a, b) => b.cpu - a.cpu).slice(0, 5).map((t) => `${t.name}:${t.cpu.toFixed(1)}`).join(" ");
  console.log(`${e.cpu.toFixed(1).padStart(7)} ${((e.last - e.first) / 1000).toFixed(0).padStart(5)}s ${e.cmd.slice(0, 110)}\n        ${th}`);
}
