// Benchmark: Lighthouse performance of the pages people use all day (issue 21),
// signed in, in this machine's Chromium, on the embedded database with the demo
// data and no provider account (the simulated softphone), as a newcomer runs it.
// Each page is measured as an agent, a manager or an admin opens it, with
// Lighthouse's default (mobile: slow 4G, 4x CPU slowdown) and desktop settings.
// Goal: 90 or more on every signed-in page.
//
//   npm run build && node bench/lighthouse.mjs      (LIGHTHOUSE_PAGES=/queue,/contacts to choose)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { startServer, TEST_PROVIDER } from "../e2e/support/server.mjs";

const PAGES = [
  { path: "/login", who: null },
  { path: "/queue", who: "agent1@acme.example.com" },
  { path: "/follow-ups", who: "agent1@acme.example.com" },
  { path: "/dialer", who: "agent1@acme.example.com" },
  { path: "/calls", who: "agent1@acme.example.com" },
  { path: "/messages", who: "agent1@acme.example.com" },
  { path: "/contacts", who: "sales.manager@acme.example.com" },
  { path: "/contacts/1", who: "sales.manager@acme.example.com" },
  { path: "/contacts/import", who: "sales.manager@acme.example.com" },
  { path: "/campaigns", who: "sales.manager@acme.example.com" },
  { path: "/reports", who: "sales.manager@acme.example.com" },
  { path: "/reports/live", who: "sales.manager@acme.example.com" },
  { path: "/users", who: "admin@acme.example.com" },
  { path: "/settings", who: "admin@acme.example.com" },
].filter((p) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(",").includes(p.path));

const NO_PROVIDER = Object.fromEntries(Object.keys(TEST_PROVIDER).map((key) => [key, ""]));
const server = await startServer({ label: "lighthouse", env: { FRONTEND_URL: "", ...NO_PROVIDER } });
const port = 9300 + (process.pid % 500);
// A persistent profile: its cookies (the session) are the default context's, which Lighthouse's tab shares.
const context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), "lighthouse-")), {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [`--remote-debugging-port=${port}`, "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const results = [];
try {
  let signedInAs = null;
  const page = context.pages()[0] ?? (await context.newPage());
  for (const { path, who } of PAGES) {
    if (who !== signedInAs) {
      await context.clearCookies();
      if (who) {
        await page.goto(`${server.baseUrl}/login`);
        await page.getByLabel("Email").fill(who);
        await page.getByLabel("Password").fill("password");
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.getByRole("navigation", { name: "Main" }).waitFor();
      }
      signedInAs = who;
    }
    // A first visit warms the server's compiled route, as any real second visit finds it.
    await page.goto(`${server.baseUrl}${path}`);
    const row = { path, who: who ?? "signed out" };
    for (const [name, config] of [["mobile", undefined], ["desktop", desktopConfig]]) {
      // Lighthouse's own storage reset, as its command line runs it (issue 45): the browser's cache
      // is emptied before each run, the session cookie kept. With the reset turned off (as this
      // bench ran before) every script came from the warm-up visit's cache, and pages that score
      // 80-86 from outside read 97-99 here.
      const run = await lighthouse(`${server.baseUrl}${path}`, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] }, config);
      const audits = run.lhr.audits;
      // Measured where it was meant to be: a page that sent us to sign in measured the sign-in page.
      if (new URL(run.lhr.finalDisplayedUrl).pathname !== path) throw new Error(`${path} ended at ${run.lhr.finalDisplayedUrl}`);
      row[name] = Math.round(run.lhr.categories.performance.score * 100);
      // Lighthouse's own measure of this machine's speed: the same page scores lower on a slower CPU, whatever throttling adds.
      row.benchmark_index = Math.round(run.lhr.environment.benchmarkIndex);
      row[`${name}_tbt`] = Math.round(audits["total-blocking-time"].numericValue);
      row[`${name}_lcp`] = Math.round(audits["largest-contentful-paint"].numericValue);
      row[`${name}_cls`] = audits["cumulative-layout-shift"].numericValue.toFixed(3);
      if (process.env.LIGHTHOUSE_DETAILS && name === "mobile") {
        const lcp = audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
        console.log(`  LCP element: ${lcp?.selector ?? "?"} ${lcp?.snippet?.slice(0, 120) ?? ""}`);
        for (const phase of audits["largest-contentful-paint-element"]?.details?.items?.[1]?.items ?? []) console.log(`  LCP ${phase.phase}: ${Math.round(phase.timing)} ms`);
        for (const item of (audits["bootup-time"]?.details?.items ?? []).slice(0, 5)) console.log(`  script ${Math.round(item.total)} ms (${Math.round(item.scripting)} scripting) ${item.url}`);
      }
      if (process.env.LIGHTHOUSE_SHIFTS) for (const item of audits["layout-shifts"]?.details?.items ?? []) console.log(`  ${name} shift ${item.score?.toFixed(3)} ${item.node?.selector ?? ""} ${item.node?.snippet?.slice(0, 120) ?? ""}`);
    }
    results.push(row);
    console.log(`${path.padEnd(18)} ${row.who.padEnd(32)} mobile ${String(row.mobile).padStart(3)} (TBT ${row.mobile_tbt} ms, LCP ${row.mobile_lcp} ms, CLS ${row.mobile_cls}) · desktop ${String(row.desktop).padStart(3)} (TBT ${row.desktop_tbt} ms, LCP ${row.desktop_lcp} ms, CLS ${row.desktop_cls}) · CPU index ${row.benchmark_index}`);
  }
} finally {
  await context.close();
  await server.stop();
}
const below = results.filter((r) => r.path !== "/login" && r.mobile < 90);
console.log(`\nSigned-in pages under 90 on mobile settings: ${below.length ? below.map((r) => `${r.path} ${r.mobile}`).join(", ") : "none"}`);
