// Where a page's main thread goes while it loads (issue 45, point 11): the tasks Lighthouse counts
// as blocking and the code that runs in them, by our own file and function names. Loads the page
// signed in, in a fresh tab with an empty cache and the CPU slowed as Lighthouse's mobile run
// assumes (4x), traces it, and prints each task over PROFILE_MIN ms (50) with its costliest
// functions, then the costliest functions of the whole load. A task over 50 ms here is one
// Lighthouse counts; the figures are this machine's, slowed.
//
//   BROWSER_SOURCE_MAPS=1 npm run build && node bench/page-profile.mjs /contacts sales.manager@acme.example.com
//     PROFILE_RATE=6   another slowdown       PROFILE_MIN=30   shorter tasks too
// Without the source maps the functions are named by their place in the minified scripts.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { SourceMapConsumer } from "source-map-js";
import { startServer, TEST_PROVIDER } from "../e2e/support/server.mjs";

const [target = "/queue", who = "agent1@acme.example.com"] = process.argv.slice(2);
const RATE = Number(process.env.PROFILE_RATE ?? 4);
const MIN_MS = Number(process.env.PROFILE_MIN ?? 50);
const CHUNKS = path.join(import.meta.dirname, "..", ".next", "static", "chunks");

const NO_PROVIDER = Object.fromEntries(Object.keys(TEST_PROVIDER).map((key) => [key, ""]));
const server = await startServer({ label: "profile", env: { FRONTEND_URL: "", ...NO_PROVIDER } });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const events = [];
try {
  const context = await browser.newContext();
  const signIn = await context.newPage();
  await signIn.goto(`${server.baseUrl}/login`);
  await signIn.getByLabel("Email").fill(who);
  await signIn.getByLabel("Password").fill("password");
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await signIn.getByRole("navigation", { name: "Main" }).waitFor();
  await signIn.goto(`${server.baseUrl}${target}`); // the server's first answer for a route loads its code
  const page = await context.newPage();
  await signIn.close();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: RATE });
  cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,disabled-by-default-v8.cpu_profiler,toplevel,loading",
    transferMode: "ReportEvents",
  });
  await page.goto(`${server.baseUrl}${target}`, { waitUntil: "load" });
  await page.waitForTimeout(5000);
  await cdp.send("Tracing.end");
  await complete;
} finally {
  await browser.close();
  await server.stop();
}

// The renderer's main thread.
const main = new Set(events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
const onMain = (e) => main.has(`${e.pid}:${e.tid}`);
const start = events.find((e) => e.name === "navigationStart" && onMain(e))?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
const fcp = events.find((e) => e.name === "firstContentfulPaint" && onMain(e))?.ts;

// The CPU profile's samples: [time, node].
const nodes = new Map();
const samples = [];
const clocks = new Map(events.filter((e) => e.name === "Profile").map((e) => [e.id, e.args.data.startTime]));
for (const e of events.filter((e) => e.name === "ProfileChunk")) {
  const { cpuProfile = {}, timeDeltas = [] } = e.args.data;
  for (const node of cpuProfile.nodes ?? []) nodes.set(`${e.id}:${node.id}`, node);
  let clock = clocks.get(e.id) ?? 0;
  (cpuProfile.samples ?? []).forEach((node, i) => {
    clock += timeDeltas[i] ?? 0;
    samples.push([clock, `${e.id}:${node}`, i > 0 ? timeDeltas[i] : 0]);
  });
  clocks.set(e.id, clock);
}

// A sample's function by our own names, through the chunk's source map when the build kept one.
const maps = new Map();
function mapFor(url) {
  const file = path.join(CHUNKS, String(url).split("/_next/static/chunks/")[1] ?? "-");
  if (!maps.has(file)) {
    // Turbopack names a chunk's map itself: the script's last line says which.
    const named = existsSync(file) ? /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(file, "utf8"))?.[1] : undefined;
    const mapFile = named && path.join(CHUNKS, named);
    maps.set(file, mapFile && existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, "utf8"))) : null);
  }
  return maps.get(file);
}
function where(key) {
  const frame = nodes.get(key)?.callFrame;
  if (!frame) return "?";
  if (!frame.url) return frame.functionName || "(native)";
  const map = frame.url.includes("/_next/static/chunks/") ? mapFor(frame.url) : null;
  const original = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (original?.source) return `${original.name ?? frame.functionName ?? "(anonymous)"} ${original.source.replace(/^.*?(node_modules|\[project\])\//, "$1/")}:${original.line}`;
  return `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop()}:${frame.lineNumber}:${frame.columnNumber}`;
}
function costliest(from, to, count) {
  const totals = new Map();
  for (const [time, key, delta] of samples)
    if (time >= from && time < to && !/^\((idle|program)\)$/.test(nodes.get(key)?.callFrame?.functionName ?? "")) totals.set(where(key), (totals.get(where(key)) ?? 0) + delta);
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, count);
}

const ms = (us) => Math.round(us / 1000);
const tasks = events.filter((e) => onMain(e) && e.name === "RunTask" && e.ph === "X" && e.dur >= MIN_MS * 1000).sort((a, b) => a.ts - b.ts);
console.log(`${target} as ${who}, CPU ${RATE}x slower; first contentful paint at ${fcp ? ms(fcp - start) : "?"} ms`);
let blocking = 0;
for (const task of tasks) {
  if (fcp && task.ts > fcp) blocking += Math.max(0, task.dur / 1000 - 50);
  const kinds = events.filter(
    (e) =>
      onMain(e) &&
      e.ph === "X" &&
      e.ts >= task.ts &&
      e.ts < task.ts + task.dur &&
      ["EvaluateScript", "ParseHTML", "UpdateLayoutTree", "Layout", "Paint", "RunMicrotasks", "TimerFire", "EventDispatch", "FunctionCall", "GCEvent", "MajorGC", "MinorGC"].includes(e.name) &&
      e.dur >= 2000,
  );
  const summary = [...kinds.reduce((sum, e) => sum.set(e.name, (sum.get(e.name) ?? 0) + e.dur), new Map())].map(([name, dur]) => `${name} ${ms(dur)}`).join(", ");
  console.log(`\ntask at ${ms(task.ts - start)} ms: ${ms(task.dur)} ms (${summary})`);
  for (const [name, dur] of costliest(task.ts, task.ts + task.dur, 6)) console.log(`    ${String(ms(dur)).padStart(4)} ms  ${name}`);
}
console.log(`\nBlocking time of these tasks after the first paint: about ${Math.round(blocking)} ms`);
if (process.env.PROFILE_SCRIPTS) {
  // The scripts the page loaded, their size, and the largest of our sources and packages in each.
  const urls = [...new Set(events.filter((e) => e.name === "ResourceSendRequest" && /\/_next\/static\/chunks\/.*\.js$/.test(e.args?.data?.url ?? "")).map((e) => e.args.data.url))];
  console.log("\nScripts loaded:");
  for (const url of urls) {
    const file = path.join(CHUNKS, url.split("/_next/static/chunks/")[1]);
    const map = mapFor(url);
    const sources = map ? map.sources.map((source, i) => [source.replace(/^.*?(node_modules|\[project\])\//, "$1/"), map.sourcesContent?.[i]?.length ?? 0]).sort((a, b) => b[1] - a[1]) : [];
    console.log(
      `  ${Math.round(readFileSync(file).length / 1024)} KB ${url.split("/").pop()}: ${sources
        .slice(0, 6)
        .map(([s, n]) => `${s} (${Math.round(n / 1024)} KB)`)
        .join(", ")}`,
    );
  }
}
console.log("\nThe load's costliest functions (self time):");
for (const [name, dur] of costliest(start, Infinity, 25)) console.log(`    ${String(ms(dur)).padStart(4)} ms  ${name}`);
