// `npm run restore -- --from FILE [--data-dir DIR]`: a backup (npm run backup)
// into an empty data folder (issue 41, point 3; lib/db/restore-embedded-database.ts).
// Run through tsx with the react-server condition (package.json), for lib's "server-only".
import { parseArgs } from "node:util";
import { RestoreRefused, restoreEmbeddedDatabase } from "@/lib/db/restore-embedded-database";

const { values } = parseArgs({ options: { from: { type: "string" }, "data-dir": { type: "string" } } });
if (!values.from) {
  console.error("Usage: npm run restore -- --from backup-....tar.gz [--data-dir DIR]");
  process.exit(2);
}
const dataDir = values["data-dir"] || process.env.DATA_DIR || ".data";
try {
  const result = await restoreEmbeddedDatabase({ from: values.from, dataDir });
  console.log(`Restored into ${result.dataDir}: ${result.tables} tables, ${result.migrations} migrations recorded; it opens.`);
  // The secrets are never in a backup (npm run backup says why): the operator brings them.
  if (result.hasSecrets) {
    console.log(`${result.dataDir}/secrets.json is there: check it is the one the backed-up server ran with (its ENCRYPTION_KEY opens the provider secrets).`);
  } else {
    console.log(
      `\n!!! ${result.dataDir}/secrets.json is not there, and the backup does not hold it. Copy the original server's secrets.json into ${result.dataDir} ` +
        "(or set its ENCRYPTION_KEY and NEXTAUTH_SECRET) BEFORE npm start: started without it, npm start makes new secrets, and the provider " +
        "and webhook secrets stored in the database cannot be opened (everyone also signs in again).",
    );
  }
} catch (error) {
  console.error(`${error instanceof RestoreRefused ? "Refused" : "Failed"}: ${(error as Error).message}`);
  process.exit(1);
}
