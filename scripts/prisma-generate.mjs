// `prisma generate` without network access: the CLI insists on locating a
// schema-engine binary at start-up even though generate never runs it, so we
// point it at an executable that exists (node itself) unless one is configured.
//
// `npm ci` generates the client (postinstall) and `npm run build` asks again:
// when the schema, the config and Prisma's version are those the client was
// generated from, the second run is skipped (3 s of every build, issue 42).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const STAMP = "lib/generated/prisma/.generated-from";
const inputs = ["prisma/schema.prisma", "prisma.config.ts", "node_modules/prisma/package.json", "node_modules/@prisma/client/package.json"];
const fingerprint = createHash("sha256");
for (const file of inputs) fingerprint.update(existsSync(file) ? readFileSync(file) : `missing ${file}`);
const digest = fingerprint.digest("hex");
if (existsSync(STAMP) && readFileSync(STAMP, "utf8") === digest) process.exit(0);

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
env.PRISMA_SCHEMA_ENGINE_BINARY ||= process.execPath;
const result = spawnSync("npx", ["prisma", "generate"], { stdio: "inherit", env });
if (result.status === 0) writeFileSync(STAMP, digest);
process.exit(result.status ?? 1);
