// Benchmark: what authentication and the route wrapper cost.
// Starts the production server on a fresh PostgreSQL database, then loads
//   bare:  GET /api/health  (wrapper, no auth, no database)
//   auth:  GET /api/user    (wrapper + bearer token lookup in PostgreSQL)
// with the same connections and duration, and prints requests/second, p50/p99
// latency and the throughput ratio. Target: auth >= 70% of bare.
//
//   npm run build && npm run bench:api-overhead
//   BENCH_DATABASE_URL=postgresql://... BENCH_SECONDS=10 BENCH_CONNECTIONS=32
import autocannon from "autocannon";
import { createTestDatabase, startServer } from "../e2e/support/server.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration: seconds, pipelining: 1 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const database = await createTestDatabase(adminUrl);
const server = await startServer({ databaseUrl: database.url, label: "bench" });
try {
  const login = await fetch(`${server.baseUrl}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "agent1@acme.example.com", password: "password" }),
  });
  const { token } = await login.json();
  const auth = { Authorization: `Bearer ${token}` };
  const check = await fetch(`${server.baseUrl}/api/user`, { headers: auth });
  if (check.status !== 200) throw new Error(`GET /api/user answered ${check.status}`);

  // Warm both paths (JIT, connection pool) before measuring.
  await load(`${server.baseUrl}/api/health`, {});
  await load(`${server.baseUrl}/api/user`, auth);
  const bare = await load(`${server.baseUrl}/api/health`, {});
  const authed = await load(`${server.baseUrl}/api/user`, auth);

  const row = (name, r) =>
    `${name.padEnd(28)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}`;
  console.log(`\napi-overhead on PostgreSQL, ${connections} connections, ${seconds}s each`);
  console.log(row("bare   GET /api/health", bare));
  console.log(row("auth   GET /api/user", authed));
  const ratio = authed.requests.average / bare.requests.average;
  console.log(`ratio auth/bare throughput: ${(ratio * 100).toFixed(1)}% (target >= 70%) ${ratio >= 0.7 ? "PASS" : "FAIL"}`);
  if (bare.non2xx || authed.non2xx) process.exitCode = 1;
} finally {
  await server.stop();
  await database.drop();
}
