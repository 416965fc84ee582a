import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { dataDirHolder } from "./data-dir-lock";
import { openPglite, pgliteDir } from "./driver";
import { gzipTarball } from "./gzip-tarball";
import { readOperatorAccess } from "./operator-access";

/**
 * `npm run backup` (issue 41, point 3): a consistent copy of the embedded
 * database, a gzipped tarball of its data folder (PGlite's dumpDataDir). A
 * running server owns the folder, and its files change under any reader but
 * itself: so the copy is asked of it (GET /api/operator/backup, with the
 * operator token it published next to its lock), and it takes the copy between
 * transactions. With no server running, this process opens the folder itself
 * (holding the lock, so no server starts meanwhile).
 */

export class BackupRefused extends Error {}

export interface BackupResult {
  file: string;
  bytes: number;
  /** Who took the copy: the running server, or this process on the idle folder. */
  via: "server" | "folder";
}

export async function backupEmbeddedDatabase({ dataDir, out }: { dataDir: string; out: string }): Promise<BackupResult> {
  const folder = path.resolve(dataDir);
  const file = path.resolve(out);
  const holder = dataDirHolder(folder);
  if (!holder && !existsSync(path.join(pgliteDir(folder), "PG_VERSION"))) throw new BackupRefused(`There is no embedded database in ${folder}. Give the data folder with --data-dir.`);
  const body = holder ? await askTheServer(folder, holder.pid) : await dumpTheFolder(folder);
  // Written aside and renamed at the end: a file with the backup's name is a whole backup.
  const partial = `${file}.partial`;
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    await pipeline(body, createWriteStream(partial, { mode: 0o600 }));
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return { file, bytes: statSync(file).size, via: holder ? "server" : "folder" };
}

async function askTheServer(folder: string, pid: number): Promise<Readable> {
  const access = readOperatorAccess(folder);
  // The file of a server that ran before (or of this one not yet ready) names another process.
  if (!access || access.pid !== pid) throw new BackupRefused(`The server holding ${folder} (process ${pid}) has not published how to reach it yet: it is starting. Try again in a few seconds.`);
  let answer: Response;
  try {
    answer = await fetch(`${access.url}/api/operator/backup`, { headers: { "X-Operator-Token": access.token } });
  } catch (error) {
    throw new BackupRefused(`The server holding ${folder} (process ${pid}) does not answer at ${access.url} (${(error as Error).message}). Is it still starting?`);
  }
  if (!answer.ok || !answer.body) {
    const text = await answer.text().catch(() => "");
    throw new BackupRefused(`The server at ${access.url} refused the backup (${answer.status}): ${text.slice(0, 300)}`);
  }
  return Readable.fromWeb(answer.body as Parameters<typeof Readable.fromWeb>[0]);
}

async function dumpTheFolder(folder: string): Promise<Readable> {
  const pglite = openPglite(folder);
  try {
    // Written out first, so the copy opens without replaying the write-ahead log.
    await pglite.exec("CHECKPOINT");
    return gzipTarball(await pglite.dumpDataDir("none"));
  } finally {
    await pglite.close();
  }
}
