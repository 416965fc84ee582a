import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { api } from "../support/api";
import { freePort, startServer } from "../support/server.mjs";

// `npm run setup` (issue 41, point 1): the first run from a shell, through the
// running server's POST /api/setup. On servers of their own, on fresh embedded
// databases without users (what the command talks to is HTTP; the database
// behind it is covered by setup.test.ts on both).

type Started = Awaited<ReturnType<typeof startServer>>;
const servers: Started[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

async function start(options: Parameters<typeof startServer>[0] = {}): Promise<Started> {
  const server = await startServer({ ...options, env: { SEED_DEMO_DATA: "never" } });
  servers.push(server);
  return server;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run setup -- …args`, with `env` over a copy of this environment that names no server and no password. */
function setup(args: string[], { env = {}, stdin }: { env?: Record<string, string>; stdin?: string } = {}): Promise<Run> {
  const base = { ...process.env };
  for (const name of ["SETUP_ADMIN_PASSWORD", "APP_URL", "PORT"]) delete base[name];
  const child = spawn("npm", ["run", "--silent", "setup", "--", ...args], { env: { ...base, ...env }, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  if (stdin !== undefined) child.stdin.write(stdin);
  child.stdin.end();
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

describe("npm run setup", () => {
  // One operator's first run on one server (a server start is the costly part), told in one test so
  // that no test reads what another left: refused input creates nothing, the run creates the admin, a second is refused.
  it(
    "invalid input exits non-zero with the server's message and the field, and creates nothing; with the password in SETUP_ADMIN_PASSWORD " +
      "it creates the organization, its department and the admin, and says so; a second run is refused (409) and changes nothing",
    async () => {
      const first = await start({ label: "setup-cli-env" });
      const invalid = await setup(["--organization", "Acme", "--email", "admin@acme.test", "--time-zone", "Mars/Olympus_Mons", "--url", first.baseUrl], {
        env: { SETUP_ADMIN_PASSWORD: "cli-password-123" },
      });
      expect(invalid.code).toBe(1);
      expect(invalid.stderr).toContain("The server refused (422): The given data was invalid.");
      expect(invalid.stderr).toContain("organization.time_zone:");
      expect((await api(first.baseUrl).get("/api/setup")).body).toEqual({ needed: true });

      const run = await setup(["--organization", "Acme From Shell", "--email", "Admin@Acme.test", "--name", "Shell Admin", "--time-zone", "Europe/Berlin", "--url", first.baseUrl], {
        env: { SETUP_ADMIN_PASSWORD: "cli-password-123" },
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/Created the organization "Acme From Shell" \(id \d+, time zone Europe\/Berlin\)/);
      expect(run.stdout).toMatch(/department "Main" \(id \d+\)/);
      expect(run.stdout).toMatch(/account admin Shell Admin <admin@acme\.test> \(user id \d+\)/);
      expect(run.stdout).toContain(`Sign in at ${first.baseUrl}/login`);

      const client = api(first.baseUrl);
      const login = await client.post("/api/login", { email: "admin@acme.test", password: "cli-password-123" });
      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({ name: "Shell Admin", role: "account_admin" });
      expect((await client.get("/api/organization", login.body.token)).body).toMatchObject({ name: "Acme From Shell", time_zone: "Europe/Berlin" });
      expect((await client.get("/api/setup")).body).toEqual({ needed: false });

      const second = await setup(["--organization", "Second", "--email", "second@acme.test", "--url", first.baseUrl], { env: { SETUP_ADMIN_PASSWORD: "cli-password-456" } });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain("The server refused (409): Setup is already complete");
      expect(second.stdout).toBe("");
      expect((await client.post("/api/login", { email: "second@acme.test", password: "cli-password-456" })).status).toBe(422);
      expect((await client.get("/api/organization", login.body.token)).body).toMatchObject({ name: "Acme From Shell" });
    },
    240_000,
  );

  it("with the password piped on standard input, started before the server: waits for it, then creates the admin", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // APP_URL names the server when --url does not.
    const running = setup(["--organization", "Piped Org", "--email", "piped@acme.test", "--wait", "200"], { stdin: "piped-password-789\nignored second line\n", env: { APP_URL: url } });
    const server = await start({ port, label: "setup-cli-stdin" });
    const run = await running;
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`Waiting for the server at ${url}`);
    expect(run.stdout).toMatch(/Created the organization "Piped Org" \(id \d+, time zone UTC\)/);
    expect(run.stdout).toMatch(/account admin Administrator <piped@acme\.test>/);
    const login = await api(server.baseUrl).post("/api/login", { email: "piped@acme.test", password: "piped-password-789" });
    expect(login.status).toBe(200);
  }, 240_000);

  it("when nothing answers: exits non-zero, saying so", async () => {
    const port = await freePort();
    const run = await setup(["--organization", "Nobody", "--email", "nobody@acme.test", "--wait", "1"], { env: { PORT: String(port), SETUP_ADMIN_PASSWORD: "cli-password-123" } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`No server answered at http://localhost:${port}/api/setup within 1 s`);
  }, 30_000);

  it("without --organization or --email: a usage error", async () => {
    const run = await setup(["--email", "x@acme.test"], { env: { SETUP_ADMIN_PASSWORD: "cli-password-123" } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--organization and --email are required.");
  }, 30_000);
});
