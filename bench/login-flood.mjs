// Benchmark: a sign-in flood (issue 40, point 6). Starts the production server,
// signs one user in, then fires 1,000 concurrent wrong-password logins while
// that user polls GET /api/user one request after another, and prints the
// user's p50/p99 during the flood (target p99 < 200 ms) and how the flood was
// answered (count per status). Two floods, one after the other:
//   one address     1,000 emails from one client address: the address limit
//                   (50) refuses the rest with 429 before any hashing
//   1,000 addresses each login from its own address and email, so every one
//                   passes the rate limits: the password threads check what
//                   they can, a bounded line waits, the rest get 503
//
//   npm run build && npm run bench:login-flood
//   BENCH_DB=embedded (default: PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL)
//   BENCH_LOGINS=1000
import { createTestDatabase, startServer } from "../e2e/support/server.mjs";

const embedded = process.env.BENCH_DB === "embedded";
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const logins = Number(process.env.BENCH_LOGINS ?? 1000);
const TARGET_P99_MS = 200;

const database = embedded ? undefined : await createTestDatabase(adminUrl);
// Production's bcrypt cost: the flood is about hashing work (test servers use 4).
const server = await startServer({ databaseUrl: database?.url, label: "bench", env: { PASSWORD_HASH_COST: "10" } });

function login(email, password, address) {
  return fetch(`${server.baseUrl}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
    body: JSON.stringify({ email, password }),
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The flood, and the signed-in user's GET /api/user latencies while it lasts. */
async function flood(label, addressOf) {
  let flooding = true;
  const started = performance.now();
  const answers = Promise.all(
    Array.from({ length: logins }, (_, i) =>
      login(`flood${i}-${label.replace(/\W/g, "")}@example.com`, "wrong-password", addressOf(i)).then(
        async (response) => (await response.arrayBuffer(), response.status),
        (error) => `network error (${error.cause?.code ?? error.message})`,
      ),
    ),
  ).finally(() => (flooding = false));
  const latencies = [];
  while (flooding) {
    const asked = performance.now();
    const response = await fetch(`${server.baseUrl}/api/user`, { headers: auth });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET /api/user answered ${response.status} during the flood`);
    latencies.push(performance.now() - asked);
  }
  const statuses = await answers;
  const seconds = (performance.now() - started) / 1000;
  const counts = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  latencies.sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  console.log(
    `${label.padEnd(16)} flood answered in ${seconds.toFixed(1)} s: ${Object.entries(counts)
      .map(([s, n]) => `${s} x${n}`)
      .join(", ")}\n` +
      `${"".padEnd(16)} other user's GET /api/user: ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(0)} ` +
      `ms, p99 ${p99.toFixed(0)} ms, max ${latencies.at(-1).toFixed(0)} ms (target p99 < ${TARGET_P99_MS} ms) ` +
      `${p99 < TARGET_P99_MS ? "PASS" : "FAIL"}`,
  );
  return p99 < TARGET_P99_MS;
}

let auth;
try {
  const signedIn = await login("agent1@acme.example.com", "password", "198.51.100.1");
  if (signedIn.status !== 200) throw new Error(`login answered ${signedIn.status}`);
  auth = { Authorization: `Bearer ${(await signedIn.json()).token}` };
  // Warm the paths (JIT, connections, the password threads) before measuring.
  for (let i = 0; i < 20; i++) await (await fetch(`${server.baseUrl}/api/user`, { headers: auth })).arrayBuffer();
  await login("agent2@acme.example.com", "password", "198.51.100.2");

  console.log(`\nlogin-flood on ${embedded ? "the embedded database" : "PostgreSQL"}: ${logins} concurrent wrong-password logins per flood`);
  const results = [await flood("one address", () => "203.0.113.7"), await flood(`${logins} addresses`, (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)];
  if (!results.every(Boolean)) process.exitCode = 1;
} finally {
  await server.stop();
  await database?.drop();
}
