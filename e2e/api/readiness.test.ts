import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { api } from "../support/api";
import { createTestDatabase, freePort, startServer } from "../support/server.mjs";

// GET /api/ready (issue 41, point 4): what a load balancer asks before it
// sends a server traffic. GET /api/health stays the liveness check.

const onPostgres = inject("databaseUrl") !== "";

interface Probe {
  at: number;
  status: number;
  body: { status: string; checks: Record<string, string> } | null;
  ms: number;
}

async function probe(baseUrl: string): Promise<Probe | null> {
  const at = Date.now();
  try {
    const response = await fetch(`${baseUrl}/api/ready`, { signal: AbortSignal.timeout(3000) });
    return { at, status: response.status, body: (await response.json()) as Probe["body"], ms: Date.now() - at };
  } catch {
    return null; // not listening (yet, or any more), or no answer within 3 s
  }
}

describe("GET /api/ready", () => {
  it("answers 200 ready on the running server, every check ok, and is never cached", async () => {
    const response = await api().get("/api/ready");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", workers: "ok" } });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect((await api().get("/api/health")).body).toEqual({ status: "ok" });
  });

  it("answers 503 starting at once while its server starts, 200 once it has, and 503 stopping while it drains after SIGTERM", async () => {
    // A new database on either side, so that start-up has its whole work to do while the probes
    // ask (initdb, every migration, the demo data). On a copy of the embedded template it was done
    // in about a second, and on a fast machine no probe answered a second before it ended (issue 42).
    const database = onPostgres ? await createTestDatabase(process.env.TEST_DATABASE_URL!) : null;
    const dataDir = onPostgres ? undefined : mkdtempSync(path.join(tmpdir(), "cc-test-"));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // Without METRICS_TOKEN metrics are off on this one.
    const starting = startServer({ port, label: "readiness", databaseUrl: database?.url, dataDir, env: { SHUTDOWN_DRAIN_SECONDS: "3", METRICS_TOKEN: "" } });
    let startedAt = 0;
    void starting.then(
      () => (startedAt = Date.now()),
      () => (startedAt = Date.now()),
    );
    const probes: Probe[] = [];
    while (!startedAt) {
      const answer = await probe(baseUrl);
      if (answer) probes.push(answer);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const server = await starting;
    try {
      // While start-up ran (migrations, demo data, workers) probes heard 503 "starting", answered
      // while it still ran: not requests held until it ended (as Next.js holds the ones it handles).
      const early = probes.filter((p) => p.status === 503);
      expect(
        early.filter((p) => p.body?.status !== "starting"),
        JSON.stringify(probes),
      ).toEqual([]);
      // Answered at once, not held: some came back within half a second, before start-up ended.
      // Not "a second before it ended", as this asked: on PostgreSQL start-up can end within a
      // second of the first answer (a gate failed so, issue 60), and no probe can be that early.
      expect(early.filter((p) => p.ms < 500 && p.at + p.ms < startedAt).length, JSON.stringify(probes)).toBeGreaterThan(0);
      expect(early[0].body!.checks.workers).toBe("pending");
      const firstReady = probes.findIndex((p) => p.status === 200);
      if (firstReady >= 0) expect(probes.slice(firstReady).every((p) => p.status === 200)).toBe(true);
      // Asked until it answers: a server that has just started on a loaded machine may take
      // longer than a probe's 3 s to answer its first requests (seen in the gate, issue 42).
      let ready: Probe | null = null;
      for (const deadline = Date.now() + 20_000; !ready && Date.now() < deadline;) ready = await probe(baseUrl);
      expect(ready).toMatchObject({ status: 200, body: { status: "ready", checks: { database: "ok", migrations: "ok", workers: "ok" } } });

      // Metrics are off without METRICS_TOKEN: the path does not exist, token or not.
      expect((await fetch(`${baseUrl}/metrics`, { headers: { Authorization: "Bearer anything" } })).status).toBe(404);
      expect((await fetch(`${baseUrl}/metrics`)).status).toBe(404);

      // SIGTERM: for SHUTDOWN_DRAIN_SECONDS it still serves, telling the load balancer to go elsewhere.
      const signalled = Date.now();
      process.kill(server.pid!, "SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await probe(baseUrl)).toMatchObject({ status: 503, body: { status: "stopping" } });
      expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
      expect((await fetch(`${baseUrl}/api/user`)).status).toBe(401);
      // …then closes its port and ends by itself.
      let gone = 0;
      while (Date.now() - signalled < 12_000) {
        const answer = await probe(baseUrl);
        if (!answer) {
          gone = Date.now() - signalled;
          break;
        }
        expect(answer.status).toBe(503);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(gone).toBeGreaterThanOrEqual(2500);
      expect(gone).toBeLessThan(12_000);
    } finally {
      await server.stop();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
