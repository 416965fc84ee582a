import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { dataDirHolder, lockDataDir } from "./data-dir-lock";
import { pgliteDir } from "./driver";

/**
 * `npm run restore` (issue 41, point 3): a backup (npm run backup) into a data
 * folder that holds no database, through PGlite's loadDataDir, then opened
 * once to see that it is a database of ours. Never over a database: a restore
 * that replaced one by mistake would lose everything written since the backup.
 */

export class RestoreRefused extends Error {}

export interface RestoreResult {
  dataDir: string;
  tables: number;
  migrations: number;
  /** Whether the folder already has the secrets a server on it needs (secrets.json). */
  hasSecrets: boolean;
}

export async function restoreEmbeddedDatabase({ from, dataDir }: { from: string; dataDir: string }): Promise<RestoreResult> {
  const folder = path.resolve(dataDir);
  const file = path.resolve(from);
  if (!existsSync(file)) throw new RestoreRefused(`There is no backup file ${file}.`);
  const holder = dataDirHolder(folder);
  if (holder) throw new RestoreRefused(`A server (process ${holder.pid}) holds ${folder}. Restore into another folder, or stop it (and move its folder away) first.`);
  const dir = pgliteDir(folder);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new RestoreRefused(`${folder} already holds a database (${dir} is not empty). Restore into an empty or new folder; nothing was changed.`);
  }
  mkdirSync(folder, { recursive: true });
  // No server starts on the folder while it is being written.
  lockDataDir(folder);
  let db: PGlite | undefined;
  try {
    // Unpacked here (npm run backup writes gzip), rather than left to PGlite's guess by the file's type.
    db = new PGlite(dir, { extensions: { pg_trgm }, loadDataDir: new Blob([gunzipSync(readFileSync(file))]) });
    await db.waitReady;
    // Opened once: PostgreSQL starts on the files (recovering them if need be), and our tables are there.
    const [{ tables }] = (await db.query<{ tables: number }>(`SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'`)).rows;
    const [{ migrations }] = (await db.query<{ migrations: number }>(`SELECT count(*)::int AS migrations FROM _prisma_migrations WHERE finished_at IS NOT NULL`)).rows;
    await db.close();
    return { dataDir: folder, tables, migrations, hasSecrets: existsSync(path.join(folder, "secrets.json")) };
  } catch (error) {
    await db?.close().catch(() => undefined);
    // What this restore wrote goes: the folder is left as empty as it was found.
    rmSync(dir, { recursive: true, force: true });
    throw new RestoreRefused(`${file} could not be restored: ${(error as Error).message}. ${folder} is left without a database.`);
  }
}
