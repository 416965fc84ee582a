// `npm run backup [-- --out FILE] [--data-dir DIR]`: a consistent copy of the
// embedded database, taken by the running server when there is one (issue 41,
// point 3; lib/db/backup-embedded-database.ts). On PostgreSQL, pg_dump is the tool.
// Run through tsx with the react-server condition (package.json), for lib's "server-only".
import { parseArgs } from "node:util";
import { BackupRefused, backupEmbeddedDatabase } from "@/lib/db/backup-embedded-database";

const { values } = parseArgs({ options: { out: { type: "string" }, "data-dir": { type: "string" } } });
if (process.env.DATABASE_URL) {
  console.error(
    "DATABASE_URL is set: this installation runs on PostgreSQL, which npm run backup does not copy. Use pg_dump:\n" +
      '  pg_dump --format=custom --file=backup-$(date +%Y%m%d-%H%M).dump "$DATABASE_URL"\n' +
      "(restore with pg_restore --dbname=... into an empty database; see the README's backups section).",
  );
  process.exit(1);
}
const dataDir = values["data-dir"] || process.env.DATA_DIR || ".data";
const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace("T", "-").slice(0, 19);
const out = values.out || `backup-${stamp}.tar.gz`;
try {
  const started = performance.now();
  const result = await backupEmbeddedDatabase({ dataDir, out });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Backup written: ${result.file} (${(result.bytes / 1e6).toFixed(1)} MB, ${seconds} s; taken by ${result.via === "server" ? "the running server" : "this command, no server running"}).`);
  console.log(
    `It does not hold ${dataDir}/secrets.json (ENCRYPTION_KEY, NEXTAUTH_SECRET): keep a copy of that file apart from the backups ` +
      "(a key stored with the data it protects protects nothing). Restore with: npm run restore -- --from " +
      result.file,
  );
} catch (error) {
  console.error(`${error instanceof BackupRefused ? "Refused" : "Failed"}: ${(error as Error).message}`);
  process.exit(1);
}
