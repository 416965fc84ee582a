import { chromium } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import { startServer, embeddedTemplate } from "../e2e/support/server.mjs";
const tpl = await embeddedTemplate();
const server = await startServer({ label: "idle", lifetime: "suite" });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox", "--disable-gpu"] });
function cpu(match) { let t = 0; for (const pid of readdirSync("/proc")) { if (!/^\d+$/.test(pid)) continue; try { const c = readFileSync(`/proc/${pid}/cmdline`, "utf8"); if (!match(c)) continue; const s = readFileSync(`/proc/${pid}/stat`, "utf8"); const r = s.slice(s.lastIndexOf(")") + 2).split(" "); t += (Number(r[11]) + Number(r[12])) / 100; } catch {} } return t; }
const chrome = () => cpu((c) => c.includes("chrom")); const srv = () => cpu((c) => c.includes("scripts/server.mjs"));
const ctx = await browser.newContext({ baseURL: server.baseUrl });
const page = await ctx.newPage();
await page.goto("/login"); await page.getByLabel("Email").fill(process.argv[2] ?? "admin@acme.example.com"); await page.getByLabel("Password").fill("password"); await page.getByRole("button", { name: "Sign in" }).click();
await page.getByRole("navigation", { name: "Main" }).waitFor();
for (const path of (process.argv[3] ?? "/queue,/wallboard,/contacts,/messages,/dashboard").split(",")) {
  await page.goto(path); await page.waitForTimeout(3000);
  const c0 = chrome(), s0 = srv();
  await page.waitForTimeout(10000);
  console.log(path.padEnd(14), "idle 10 s: chromium", (chrome() - c0).toFixed(2), "CPU-s, server", (srv() - s0).toFixed(2));
}
await browser.close(); await server.stop(); tpl.remove();
