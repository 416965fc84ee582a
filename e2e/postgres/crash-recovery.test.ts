import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { api, loginAs } from "../support/api";
import { createTestDatabase, startServer } from "../support/server.mjs";

// A server killed mid-import (kill -9: no shutdown of any kind) and started
// again: the import finishes within a minute of the restart, every row once.
// On a database of its own, so that no other server takes the job meanwhile.

const ROWS = 80_000;
const PHONE_PREFIX = "+1650";

function csv(): string {
  const lines = ["name,phone,company"];
  for (let i = 0; i < ROWS; i++) lines.push(`Crash Person ${i},${PHONE_PREFIX}${String(i).padStart(7, "0")},Acme Crash`);
  return `${lines.join("\n")}\n`;
}

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
const servers: Awaited<ReturnType<typeof startServer>>[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop().catch(() => undefined)));
  await database?.drop();
});

describe("crash recovery", () => {
  it("an import whose server is killed mid-write finishes within a minute of the restart, every row once", async () => {
    database = await createTestDatabase(inject("databaseUrl"));
    const first = await startServer({ databaseUrl: database.url, label: "crash-1" });
    servers.push(first);
    const client = api(first.baseUrl);
    const admin = await loginAs(client, "admin@acme.example.com");
    expect((await client.request("PUT", "/api/settings/import", { token: admin, body: { max_import_size: 1_000_000 } })).status).toBe(200);
    const manager = await loginAs(client, "sales.manager@acme.example.com");
    const form = new FormData();
    form.append("file", new Blob([csv()]), "crash.csv");
    const upload = await fetch(`${first.baseUrl}/api/contacts/import/csv`, { method: "POST", headers: { Authorization: `Bearer ${manager}` }, body: form });
    expect(upload.status).toBe(202);
    const { import_id: importId } = await upload.json();

    // Kill it once some batches are written and some are not.
    let killedAt: { status: string; progress: number } | null = null;
    for (let i = 0; i < 1200 && !killedAt; i++) {
      // A poll the busy server drops (a reset keep-alive connection) is only a poll: ask again.
      const job = await client.get(`/api/imports/${importId}`, manager).then(
        (r) => r.body,
        () => ({ status: "unknown", progress: 0 }),
      );
      if (job.status === "importing" && job.progress > 50 && job.progress < 90) {
        process.kill(first.pid!, "SIGKILL");
        killedAt = { status: job.status, progress: job.progress };
      } else {
        expect(job.status).not.toBe("completed");
        await new Promise((r) => setTimeout(r, 25));
      }
    }
    expect(killedAt).not.toBeNull();

    const second = await startServer({ databaseUrl: database.url, label: "crash-2" });
    servers.push(second);
    const restarted = Date.now();
    const again = api(second.baseUrl);
    let job: { status: string; totals: { created: number; rows: number } } | null = null;
    while (Date.now() - restarted < 60_000) {
      job = (await again.get(`/api/imports/${importId}`, manager)).body;
      if (job!.status === "completed" || job!.status === "failed") break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const seconds = (Date.now() - restarted) / 1000;
    expect(job?.status, `after ${seconds} s`).toBe("completed");
    expect(seconds).toBeLessThan(60);
    expect(job!.totals).toMatchObject({ rows: ROWS, created: ROWS });

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows } = await db.query(`SELECT count(*)::int AS n, count(DISTINCT phone)::int AS phones FROM contacts WHERE phone LIKE $1`, [`${PHONE_PREFIX}%`]);
      expect(rows[0]).toEqual({ n: ROWS, phones: ROWS });
      const leases = await db.query(`SELECT count(*)::int AS n FROM job_leases`);
      expect(leases.rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
    console.log(`import killed at ${killedAt!.progress}% and completed ${seconds.toFixed(1)} s after the restart`);
  }, 240_000);
});
