// Benchmark: imports of files built to hurt (issue 18, point 5), on PostgreSQL.
// A 10 MB header line, a row with a million columns, a 20 MB cell and a 45 MB
// cell, one after the other on one server: the size of each answer about the
// job (its error text is bounded) and the server's peak resident memory.
//
//   npm run build && npm run bench:import-bounds
import { readFileSync } from "node:fs";
import { createTestDatabase, startServer } from "../e2e/support/server.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const database = await createTestDatabase(adminUrl);
const server = await startServer({ databaseUrl: database.url, label: "bench" });
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))[1]) / 1024;

try {
  const login = await fetch(`${server.baseUrl}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.1" },
    body: JSON.stringify({ email: "sales.manager@acme.example.com", password: "password" }),
  }).then((r) => r.json());
  const auth = { Authorization: `Bearer ${login.token}` };
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
  const files = [
    ["10 MB header line", `name,phone,${"h".repeat(10 * 1024 * 1024)}\nAna,+14155558821,x\n`],
    ["1,000,000 columns", `name,phone,notes\nWide Row,+14155558822${",".repeat(1_000_000)}\nOk,+14155558829,x\n`],
    ["20 MB cell", `name,phone,notes\nLong,+14155558823,"${"n".repeat(20 * 1024 * 1024)}"\nOk2,+14155558828,x\n`],
    ["45 MB cell", `name,phone,notes\nLonger,+14155558825,"${"n".repeat(45 * 1024 * 1024)}"\n`],
  ];
  console.log(`server RSS before: ${before.toFixed(0)} MB`);
  for (const [label, csv] of files) {
    const form = new FormData();
    form.append("file", new Blob([csv]), "hostile.csv");
    const started = Date.now();
    const { import_id } = await fetch(`${server.baseUrl}/api/contacts/import/csv`, { method: "POST", headers: auth, body: form }).then((r) => r.json());
    let answer = "";
    for (;;) {
      answer = await fetch(`${server.baseUrl}/api/imports/${import_id}`, { headers: auth }).then((r) => r.text());
      if (/"status":"(completed|failed|awaiting_review)"/.test(answer)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const job = JSON.parse(answer);
    const reasons = [job.message ?? "", ...job.errors.flatMap((e) => Object.values(e.errors).flat())].join(" | ");
    console.log(
      `${label.padEnd(18)} ${job.status.padEnd(9)} ${((Date.now() - started) / 1000).toFixed(1)} s  answer ` +
        `${answer.length} bytes, reasons ${reasons.length} chars  peak RSS ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)})`,
    );
  }
  clearInterval(sampler);
} finally {
  await server.stop();
  await database.drop();
}
