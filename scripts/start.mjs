// `npm start`: the production server, ready on a fresh machine.
//  1. builds when there is no build yet;
//  2. without DATABASE_URL (embedded database) creates and keeps the two
//     secrets the service needs in DATA_DIR, so sessions survive restarts;
//  3. starts scripts/server.mjs (Next.js behind a Node server that hands route
//     handlers the socket address); the server applies migrations and loads the demo
//     data itself (instrumentation.ts) before it answers requests.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const env = process.env;

if (!existsSync(".next/BUILD_ID")) {
  console.log("No build found: building first (npm run build)...");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (!env.DATABASE_URL) {
  const dataDir = path.resolve(env.DATA_DIR || ".data");
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "secrets.json");
  const secrets = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  secrets.NEXTAUTH_SECRET ||= randomBytes(32).toString("base64url");
  secrets.ENCRYPTION_KEY ||= randomBytes(32).toString("base64");
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  env.NEXTAUTH_SECRET ||= secrets.NEXTAUTH_SECRET;
  env.ENCRYPTION_KEY ||= secrets.ENCRYPTION_KEY;
}

const port = env.PORT || "3000";
env.NEXTAUTH_URL ||= env.APP_URL || `http://localhost:${port}`;
const server = spawn(process.execPath, ["scripts/server.mjs"], { stdio: "inherit", env: { ...env, PORT: port } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
