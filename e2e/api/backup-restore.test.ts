import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { api, loginAs, suiteUrl } from "../support/api";
import { runScript } from "../support/cli";
import { embeddedDataCopy, startServer } from "../support/server.mjs";

// npm run backup and npm run restore (issue 41, point 3) on the embedded
// database, on servers of their own whatever TEST_DB says: a backup taken
// through the running server while it writes, restored into an empty folder
// and served from there.

type Started = Awaited<ReturnType<typeof startServer>>;
const servers: Started[] = [];
const scratch = mkdtempSync(path.join(tmpdir(), "cc-backup-"));
const folders: string[] = [scratch];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop().catch(() => undefined)));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const at = (name: string) => path.join(scratch, name);

describe("npm run backup / npm run restore", () => {
  it("backs up while the server runs and writes; the restored copy serves everything written before, and is one whole database", async () => {
    // A copy of the run's template: the test is about the backup, not a first start (6 CPU-seconds less; issue 60).
    const originalDir = embeddedDataCopy();
    folders.push(originalDir);
    const original = await startServer({ dataDir: originalDir, label: "backup-original", env: { TWILIO_API_BASE_URL: inject("fakeProviderUrl") } });
    servers.push(original);
    const client = api(original.baseUrl);
    const admin = await loginAs(client, "admin@acme.example.com");
    const before = await client.post("/api/contacts", { name: "Before The Backup", phone: "+14155550181" }, admin);
    expect(before.status).toBe(201);
    const totalBefore: number = (await client.get("/api/contacts?per_page=1", admin)).body.meta.total;

    // The operator's door: a token of this start, readable by the folder's owner only.
    const access = JSON.parse(readFileSync(path.join(originalDir, "server.operator.json"), "utf8"));
    expect(access.pid).toBe(original.pid);
    expect(statSync(path.join(originalDir, "server.operator.json")).mode & 0o777).toBe(0o600);
    const wrong = await fetch(`${original.baseUrl}/api/operator/backup`, { headers: { "X-Operator-Token": "not-the-token" } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Unauthenticated." });
    expect((await fetch(`${original.baseUrl}/api/operator/backup`)).status).toBe(401);
    // The suite's own server too (its answer is held to the OpenAPI document): no token, no copy, on either database.
    expect((await fetch(`${suiteUrl()}/api/operator/backup`, { headers: { "X-Operator-Token": access.token } })).status).toBe(401);
    // A user's token is not the operator's.
    expect((await fetch(`${original.baseUrl}/api/operator/backup`, { headers: { "X-Operator-Token": admin, Authorization: `Bearer ${admin}` } })).status).toBe(401);

    // Writes all through the backup, each waiting for the one before.
    let writing = true;
    const written: number[] = [];
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const made = await client.post("/api/contacts", { name: `During ${i}`, phone: `+1415556${String(i).padStart(4, "0")}` }, admin);
        expect(made.status).toBe(201);
        written.push(made.body.id);
      }
    })();
    const backup = await runScript("backup", ["--data-dir", originalDir, "--out", at("live.tar.gz")]);
    writing = false;
    await writer;
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain("taken by the running server");
    expect(backup.stdout).toContain("It does not hold");
    expect(written.length).toBeGreaterThan(2);
    console.log(
      `backup of the demo data through the running server: ${(backup.ms / 1000).toFixed(1)} s, ${(statSync(at("live.tar.gz")).size / 1e6).toFixed(1)} MB; ${written.length} contacts written meanwhile`,
    );

    const restore = await runScript("restore", ["--from", at("live.tar.gz"), "--data-dir", at("restored")]);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/Restored into .*restored: \d+ tables, \d+ migrations recorded; it opens\./);
    expect(restore.stdout).toContain("secrets.json is not there");

    // Into a folder that holds a database: refused, and the folder is as it was.
    const over = await runScript("restore", ["--from", at("live.tar.gz"), "--data-dir", at("restored")]);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain("already holds a database");

    const restored = await startServer({ dataDir: at("restored"), label: "backup-restored", env: { SEED_DEMO_DATA: "never", TWILIO_API_BASE_URL: inject("fakeProviderUrl") } });
    servers.push(restored);
    const again = api(restored.baseUrl);
    const token = await loginAs(again, "admin@acme.example.com");
    const found = await again.get(`/api/contacts/${before.body.id}`, token);
    expect(found.status).toBe(200);
    expect(found.body.name).toBe("Before The Backup");
    // The writes during the backup: those in the copy are a run from the first on, with no gap (one moment's picture).
    const present = await Promise.all(written.map(async (id) => (await again.get(`/api/contacts/${id}`, token)).status));
    const kept = present.filter((status) => status === 200).length;
    expect(present).toEqual([...Array(kept).fill(200), ...Array(written.length - kept).fill(404)]);
    // …and the list's total agrees with the rows the copy holds.
    expect((await again.get("/api/contacts?per_page=1", token)).body.meta.total).toBe(totalBefore + kept);
  }, 300_000);

  it("backs up a folder no server runs on, by opening it itself", async () => {
    // A folder of the test's own that a server ran on and left: free.
    const idle = embeddedDataCopy();
    folders.push(idle);
    expect(existsSync(path.join(idle, "server.lock"))).toBe(false);
    const backup = await runScript("backup", ["--data-dir", idle, "--out", at("idle.tar.gz")]);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain("this command, no server running");
    const restore = await runScript("restore", ["--from", at("idle.tar.gz"), "--data-dir", at("restored-idle")]);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("it opens");
  }, 180_000);

  it("on PostgreSQL says to use pg_dump, and exits non-zero", async () => {
    const refused = await runScript("backup", [], { DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/postgres" });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Use pg_dump");
  });
});
