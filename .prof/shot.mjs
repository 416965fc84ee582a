import { chromium } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import { startServer } from "../e2e/support/server.mjs";
import { embeddedTemplate } from "../e2e/support/server.mjs";
const tpl = await embeddedTemplate();
const server = await startServer({ label: "shot", lifetime: "suite" });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox", "--disable-gpu"] });
function chromeCpu() { let t = 0; for (const pid of readdirSync("/proc")) { if (!/^\d+$/.test(pid)) continue; try { const c = readFileSync(`/proc/${pid}/cmdline`, "utf8"); if (!c.includes("chrom")) continue; const s = readFileSync(`/proc/${pid}/stat`, "utf8"); const r = s.slice(s.lastIndexOf(")") + 2).split(" "); t += (Number(r[11]) + Number(r[12])) / 100; } catch {} } return t; }
const ctx = await browser.newContext({ baseURL: server.baseUrl });
const page = await ctx.newPage();
await page.goto("/login"); await page.getByLabel("Email").fill("admin@acme.example.com"); await page.getByLabel("Password").fill("password"); await page.getByRole("button", { name: "Sign in" }).click();
await page.getByRole("navigation", { name: "Main" }).waitFor();
await page.goto("/contacts"); await page.waitForLoadState("networkidle");
for (const [name, opts] of [["png-full", { fullPage: true }], ["png", {}], ["jpeg-full", { fullPage: true, type: "jpeg", quality: 80 }]]) {
  let c0 = chromeCpu(), t0 = Date.now();
  for (let i = 0; i < 20; i++) await page.screenshot({ path: `/tmp/shot-${name}.${opts.type ?? "png"}`, ...opts });
  console.log(name, "per shot: chromium CPU", ((chromeCpu() - c0) / 20).toFixed(3), "s, wall", ((Date.now() - t0) / 20).toFixed(0), "ms");
}
// navigation cost
let c0 = chromeCpu(), t0 = Date.now();
for (let i = 0; i < 10; i++) { await page.goto(i % 2 ? "/contacts" : "/queue"); await page.waitForLoadState("networkidle"); }
console.log("navigation: chromium CPU", ((chromeCpu() - c0) / 10).toFixed(3), "s, wall", ((Date.now() - t0) / 10).toFixed(0), "ms");
c0 = chromeCpu(); t0 = Date.now();
for (let i = 0; i < 5; i++) { const c = await browser.newContext({ baseURL: server.baseUrl }); const p = await c.newPage(); await p.goto("/login"); await p.getByLabel("Email").fill("admin@acme.example.com"); await p.getByLabel("Password").fill("password"); await p.getByRole("button", { name: "Sign in" }).click(); await p.getByRole("navigation", { name: "Main" }).waitFor(); await c.close(); }
console.log("new context + sign in: chromium CPU", ((chromeCpu() - c0) / 5).toFixed(3), "s, wall", ((Date.now() - t0) / 5).toFixed(0), "ms");
await browser.close(); await server.stop(); tpl.remove();
