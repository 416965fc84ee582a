// `npm run db:move -- --to "$DATABASE_URL" [--data-dir DIR] [--save-env FILE]`: copies the
// embedded database into an empty PostgreSQL database (issue 41, point 2;
// lib/db/move-embedded-to-postgres.ts), prints every table's row counts on
// both sides, and the variables the servers on PostgreSQL must carry.
// Run through tsx with the react-server condition (package.json): the lib
// files import "server-only", which is an empty module only under it.
import { existsSync, writeFileSync } from "node:fs";
// (--save-env, not --env-file: Node 20 reads an --env-file anywhere on its command line as its own.)
import { parseArgs } from "node:util";
import pg from "pg";
import { MoveMismatch, MoveRefused, moveEmbeddedToPostgres, type MoveResult } from "@/lib/db/move-embedded-to-postgres";
import { checkSealedSecrets, readServerSecrets } from "@/lib/db/move/server-secrets";

const { values } = parseArgs({ options: { to: { type: "string" }, "data-dir": { type: "string" }, "save-env": { type: "string" } } });
const dataDir = values["data-dir"] || process.env.DATA_DIR || ".data";
const envFile = values["save-env"];
if (!values.to) {
  console.error('Usage: npm run db:move -- --to "postgresql://user:password@host:5432/database" [--data-dir DIR] [--save-env FILE]');
  process.exit(2);
}
// Checked before anything moves: the file would hold the secrets, and one that exists may be someone's.
if (envFile && existsSync(envFile)) {
  console.error(`Refused: ${envFile} exists; name a new file for --save-env (it is never overwritten).`);
  process.exit(1);
}

/** `NAME='value'` lines, as a shell (`set -a; . FILE`) and systemd's EnvironmentFile= read them. */
function writeEnvFile(file: string, variables: Record<string, string>): void {
  const quoted = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
  const text = Object.entries(variables)
    .map(([name, value]) => `${name}=${quoted(value)}\n`)
    .join("");
  writeFileSync(file, text, { mode: 0o600, flag: "wx" });
}

function printCounts(result: MoveResult): void {
  const width = Math.max(...result.counts.map((each) => each.table.length), 5);
  console.log(`\n${"table".padEnd(width)}  ${"embedded".padStart(9)}  ${"postgres".padStart(9)}`);
  for (const { table, source, target } of result.counts) {
    console.log(`${table.padEnd(width)}  ${String(source).padStart(9)}  ${String(target).padStart(9)}${source === target ? "" : "  DIFFERS"}`);
  }
}

let result: MoveResult;
try {
  result = await moveEmbeddedToPostgres({ dataDir, targetUrl: values.to, say: (line) => console.log(line) });
} catch (error) {
  if (error instanceof MoveMismatch) printCounts((error as MoveMismatch & { result: MoveResult }).result);
  const what = error instanceof MoveRefused ? "Refused" : "Failed";
  console.error(`\n${what}: ${(error as Error).message}`);
  process.exit(1);
}
printCounts(result);
const rows = result.counts.reduce((sum, each) => sum + each.source, 0);
console.log(`\nMoved ${rows} rows of ${result.counts.length} tables and ${result.sequences} sequences in ${(result.ms / 1000).toFixed(1)} s; every count matches.`);
if (result.deferredKeys.length) console.log(`Foreign keys closing a cycle, checked at the end of the copy: ${result.deferredKeys.join(", ")}.`);

// What the servers on PostgreSQL need: the key that opens the sealed secrets, and the session secret.
const secrets = readServerSecrets(dataDir);
const target = new pg.Client({ connectionString: values.to });
await target.connect();
const sealed = await checkSealedSecrets(async (sql, params) => (await target.query(sql, params as unknown[])).rows, secrets.ENCRYPTION_KEY);
await target.end();

console.log(
  "\nStart every server on the new database with these variables (keep them secret; without this ENCRYPTION_KEY the provider and webhook secrets stored in the database cannot be opened):\n",
);
console.log(`DATABASE_URL=${values.to}`);
console.log(`ENCRYPTION_KEY=${secrets.ENCRYPTION_KEY ?? ""}`);
console.log(`NEXTAUTH_SECRET=${secrets.NEXTAUTH_SECRET ?? ""}`);
if (envFile) {
  const variables: Record<string, string> = { DATABASE_URL: values.to };
  if (secrets.ENCRYPTION_KEY) variables.ENCRYPTION_KEY = secrets.ENCRYPTION_KEY;
  if (secrets.NEXTAUTH_SECRET) variables.NEXTAUTH_SECRET = secrets.NEXTAUTH_SECRET;
  writeEnvFile(envFile, variables);
  console.log(`(Written to ${envFile}, readable by you alone.)`);
}
console.log(`\n(ENCRYPTION_KEY from ${secrets.from.ENCRYPTION_KEY ?? "nowhere"}; NEXTAUTH_SECRET from ${secrets.from.NEXTAUTH_SECRET ?? "nowhere"}.)`);
if (!secrets.ENCRYPTION_KEY && sealed.count === 0) console.log("No ENCRYPTION_KEY found, and nothing in the database needs one yet: choose one (openssl rand -base64 32) and keep it.");
if (!secrets.NEXTAUTH_SECRET) console.log("No NEXTAUTH_SECRET found: choose one (openssl rand -base64 32); everyone signs in again.");
let exitCode = 0;
if (sealed.count > 0 && !secrets.ENCRYPTION_KEY) {
  console.error(
    `\n!!! WARNING: the database holds ${sealed.count} encrypted secret(s) (provider credentials, callback and webhook signing secrets), and no ENCRYPTION_KEY was found ` +
      `in ${dataDir}/secrets.json or the environment. Find the key the embedded server ran with and set it on the new servers: without it, calls and texts ` +
      `through the provider, signed callbacks and webhooks fail until those secrets are entered again.`,
  );
  exitCode = 3;
} else if (sealed.keyOpensThem === false) {
  console.error(`\n!!! WARNING: this ENCRYPTION_KEY does not open the ${sealed.count} encrypted secret(s) in the database: it is not the key the embedded server ran with. Find that one.`);
  exitCode = 3;
}
process.exit(exitCode);
