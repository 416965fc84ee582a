import { readFileSync } from "node:fs";
const p = JSON.parse(readFileSync(process.argv[2], "utf8"));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas; let total = 0;
for (let i = 0; i < p.samples.length; i++) { const d = dt[i] ?? 0; self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + d); total += d; }
const cat = (n) => {
  const u = n.callFrame.url, f = n.callFrame.functionName;
  if (f === "(garbage collector)") return "GC";
  if (f === "(idle)") return "idle";
  if (f === "(program)") return "program";
  if (u.startsWith("wasm://") || /^\$?[a-z_]+\d*$/.test(f) && !u) return "pglite-wasm";
  if (u.includes("pglite")) return "pglite-js";
  if (u.includes("node_modules/next/")) return "next";
  if (u.includes("node_modules/")) return "pkg:" + u.split("node_modules/").pop().split("/").slice(0, u.includes("/@") ? 2 : 1).join("/");
  if (u.includes(".next/server/chunks")) return "app-chunks";
  if (u.includes(".next/server")) return "app-other";
  if (u.startsWith("node:")) return "node:" + u.slice(5).split("/")[0];
  if (!u) return "native:" + f.slice(0, 30);
  return "other:" + u.slice(-60);
};
const agg = {};
for (const [id, t] of self) { const k = cat(byId.get(id)); agg[k] = (agg[k] ?? 0) + t; }
console.log("total", (total / 1e6).toFixed(1), "s");
for (const [k, v] of Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 30))) console.log((v / 1e6).toFixed(2).padStart(8), (100 * v / total).toFixed(1).padStart(5) + "%", k);
