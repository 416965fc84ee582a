import { readFileSync } from "node:fs";
const p = JSON.parse(readFileSync(process.argv[2], "utf8"));
const filt = process.argv[3] ?? "";
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map(); let total = 0;
for (let i = 0; i < p.samples.length; i++) { const d = p.timeDeltas[i] ?? 0; self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + d); total += d; }
const agg = {};
for (const [id, t] of self) { const n = byId.get(id); const u = n.callFrame.url; if (!u.includes(filt)) continue; const k = `${n.callFrame.functionName || "(anon)"} ${u.split("/").slice(-2).join("/")}:${n.callFrame.lineNumber}`; agg[k] = (agg[k] ?? 0) + t; }
for (const [k, v] of Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[4] ?? 25))) console.log((v / 1e6).toFixed(2).padStart(8), k.slice(0, 150));
