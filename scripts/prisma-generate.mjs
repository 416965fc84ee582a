// `prisma generate` without network access: the CLI insists on locating a
// schema-engine binary at start-up even though generate never runs it, so we
// point it at an executable that exists (node itself) unless one is configured.
import { spawnSync } from "node:child_process";

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
env.PRISMA_SCHEMA_ENGINE_BINARY ||= process.execPath;
const result = spawnSync("npx", ["prisma", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
