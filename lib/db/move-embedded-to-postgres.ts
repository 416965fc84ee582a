import { existsSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { dataDirHolder } from "./data-dir-lock";
import { openPglite, pgliteDir, type SqlConnection } from "./driver";
import { applyMigrations } from "./migrate";
import { copyOrder } from "./move/copy-order";
import { copyTable } from "./move/copy-table";
import { describeTables, userTables, type DatabaseShape, type Query, type TableShape } from "./move/describe-tables";
import { installJobQueue } from "./move/install-job-queue";

/**
 * `npm run db:move`: the embedded database, every table with its sequences,
 * into an empty PostgreSQL database (issue 41, point 2).
 *
 * The target is built in ONE transaction: the schema by our own migration
 * runner (so it is exactly what a fresh PostgreSQL installation gets, not a
 * copy of PGlite's catalog), pg-boss's schema and the source's queues, then
 * every table's rows by COPY, referenced tables first, with the tables' own
 * triggers off (a copied settings row must not claim numbers again, a copied
 * contact must not count twice: the counts are copied too), then every
 * sequence set to the source's value. Anything that fails rolls it all back:
 * the target is then as empty as it was. The counts of every table are
 * compared after the commit, on both sides.
 */

/** Refused before anything was written to the target. */
export class MoveRefused extends Error {}
/** Failed after the copy was committed: the target holds it (the message says what differs). */
export class MoveMismatch extends Error {}

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export interface MoveResult {
  counts: TableCount[];
  sequences: number;
  /** Foreign keys that close a cycle between tables, checked at the end of the copy. */
  deferredKeys: string[];
  bytes: number;
  migrationsAppliedToSource: string[];
  ms: number;
}

// Filled by the target's own set-up (migrations, pg-boss), not copied: the
// target's record of its migrations is its own, as a fresh installation's.
const FILLED_BY_SETUP = new Set(["public._prisma_migrations", "pgboss.version", "pgboss.queue"]);

const ROLLED_BACK = "Nothing was kept on the target: it is as empty as it was.";

export async function moveEmbeddedToPostgres({ dataDir, targetUrl, say = () => undefined }: { dataDir: string; targetUrl: string; say?: (line: string) => void }): Promise<MoveResult> {
  const started = performance.now();
  const folder = path.resolve(dataDir);
  if (!existsSync(path.join(pgliteDir(folder), "PG_VERSION"))) throw new MoveRefused(`There is no embedded database in ${folder} (no pglite/PG_VERSION). Give the data folder with --data-dir.`);
  const holder = dataDirHolder(folder);
  if (holder) {
    throw new MoveRefused(
      `A server (process ${holder.pid} on ${holder.host}, started ${holder.started_at}) holds the data folder ${folder}. Stop it first: a copy taken while it writes would miss its last changes.`,
    );
  }

  const target = new pg.Client({ connectionString: targetUrl });
  try {
    await target.connect();
  } catch (error) {
    throw new MoveRefused(`Cannot connect to the target database: ${(error as Error).message}`);
  }
  try {
    const onTarget: Query = async (sql, params) => (await target.query(sql, params as unknown[])).rows;
    await refuseUnlessEmpty(onTarget);

    // From here the folder is ours: a server started meanwhile refuses it (data-dir-lock.ts).
    const source = openPglite(folder);
    try {
      const onSource: Query = async (sql, params) => (await source.query(sql, params as unknown[])).rows as never;
      const migrationsAppliedToSource = await applyMigrations(overPglite(source));
      if (migrationsAppliedToSource.length) say(`Applied ${migrationsAppliedToSource.length} pending migration(s) to the embedded database first.`);
      const shape = await describeTables(onSource);
      const { bytes, deferredKeys } = await copyInOneTransaction({ source, target, onSource, onTarget }, shape, say);
      const counts = await compareCounts(onSource, onTarget, shape.tables);
      const ms = Math.round(performance.now() - started);
      const result = { counts, sequences: shape.sequences.length, deferredKeys, bytes, migrationsAppliedToSource, ms };
      const differ = counts.filter((each) => each.source !== each.target);
      if (differ.length) {
        throw Object.assign(
          new MoveMismatch(
            `The row counts differ for ${differ.map((each) => `${each.table} (${each.source} here, ${each.target} there)`).join(", ")}. ` +
              `The target holds the copy as committed: drop and create it again before moving again.`,
          ),
          { result },
        );
      }
      return result;
    } finally {
      await source.close();
    }
  } finally {
    await target.end().catch(() => undefined);
  }
}

async function refuseUnlessEmpty(onTarget: Query): Promise<void> {
  const [{ server_encoding }] = await onTarget<{ server_encoding: string }>("SHOW server_encoding");
  if (server_encoding !== "UTF8") throw new MoveRefused(`The target database's encoding is ${server_encoding}; create it with ENCODING 'UTF8' (the embedded database's).`);
  const tables = await userTables(onTarget);
  if (tables.length) {
    throw new MoveRefused(
      `The target database is not empty: it has ${tables.length} table(s) (${tables.slice(0, 5).join(", ")}${tables.length > 5 ? ", …" : ""}). ` +
        `Move into a database with no tables (CREATE DATABASE …); nothing was changed.`,
    );
  }
}

interface Sides {
  source: PGlite;
  target: pg.Client;
  onSource: Query;
  onTarget: Query;
}

async function copyInOneTransaction({ source, target, onSource, onTarget }: Sides, shape: DatabaseShape, say: (line: string) => void) {
  await target.query("BEGIN");
  try {
    const applied = await applyMigrations(overClient(target), undefined, { insideTransaction: true });
    say(`Target: ${applied.length} migrations applied.`);
    if (shape.tables.some((table) => table.name === "pgboss.version")) {
      await installJobQueue(onTarget, onSource);
      say("Target: job queue schema and queues created.");
    }
    const tables = new Map(shape.tables.filter((table) => !FILLED_BY_SETUP.has(table.name)).map((table) => [table.name, table]));
    await checkTargetHasEveryColumn(onTarget, [...tables.values()]);
    const order = copyOrder([...tables.keys()], shape.foreignKeys);
    const deferredKeys = await deferCycleKeys(onTarget, order.deferred);
    for (const table of tables.values()) await target.query(`ALTER TABLE ${table.sql} DISABLE TRIGGER USER`);
    let bytes = 0;
    for (const name of order.tables) {
      const copied = await copyTable(source, target, tables.get(name)!);
      bytes += copied.bytes;
      // The few large tables are where the time goes: named, so a long move shows where it is.
      if (copied.readMs + copied.writeMs >= 1000) {
        say(`  ${name}: ${(copied.bytes / 1e6).toFixed(1)} MB, read in ${(copied.readMs / 1000).toFixed(1)} s, written in ${(copied.writeMs / 1000).toFixed(1)} s`);
      }
    }
    say(`Target: ${order.tables.length} tables copied (${(bytes / 1e6).toFixed(1)} MB of COPY text).`);
    for (const sequence of shape.sequences) {
      const [{ last_value, is_called }] = await onSource<{ last_value: string; is_called: boolean }>(`SELECT last_value, is_called FROM ${sequence}`);
      await target.query(`SELECT setval($1::regclass, $2, $3)`, [sequence, last_value, is_called]);
    }
    // The deferred foreign keys (pg-boss's, and any closing a cycle) are checked now, before the tables are altered back.
    await target.query("SET CONSTRAINTS ALL IMMEDIATE");
    for (const key of deferredKeys) await target.query(`ALTER TABLE ${key.table} ALTER CONSTRAINT ${key.constraint} NOT DEFERRABLE`);
    for (const table of tables.values()) await target.query(`ALTER TABLE ${table.sql} ENABLE TRIGGER USER`);
    await target.query("COMMIT");
    return { bytes, deferredKeys: deferredKeys.map((key) => `${key.table}.${key.constraint}`) };
  } catch (error) {
    await target.query("ROLLBACK").catch(() => undefined);
    throw new Error(`${(error as Error).message} ${ROLLED_BACK}`, { cause: error });
  }
}

/** Every column the copy writes exists on the target (the same migrations made both). */
async function checkTargetHasEveryColumn(onTarget: Query, tables: TableShape[]): Promise<void> {
  const there = new Map((await describeTables(onTarget)).tables.map((table) => [table.name, new Set(table.columns)]));
  for (const table of tables) {
    const columns = there.get(table.name);
    const missing = columns ? table.columns.filter((column) => !columns.has(column)) : ["(the table itself)"];
    if (missing.length) throw new Error(`The target has no ${table.name} ${missing.join(", ")}: the embedded database holds something the migrations do not make.`);
  }
}

/** Makes the keys that close a cycle wait for the end of the copy; answers those it changed, to change back. */
async function deferCycleKeys(onTarget: Query, keys: { name: string; table: string }[]) {
  const changed: { table: string; constraint: string }[] = [];
  for (const key of keys) {
    const [schema, name] = key.table.split(".");
    const table = `"${schema}"."${name}"`;
    const constraint = `"${key.name.replaceAll('"', '""')}"`;
    const [found] = await onTarget<{ deferrable: boolean }>(`SELECT condeferrable AS deferrable FROM pg_constraint WHERE conname = $1 AND conrelid = $2::regclass`, [key.name, table]);
    if (!found?.deferrable) {
      await onTarget(`ALTER TABLE ${table} ALTER CONSTRAINT ${constraint} DEFERRABLE`);
      changed.push({ table, constraint });
    }
    await onTarget(`SET CONSTRAINTS ${table.split(".")[0]}.${constraint} DEFERRED`);
  }
  return changed;
}

async function compareCounts(onSource: Query, onTarget: Query, tables: TableShape[]): Promise<TableCount[]> {
  const count = async (query: Query, table: TableShape) => Number((await query<{ n: string }>(`SELECT count(*) AS n FROM ${table.sql}`))[0].n);
  const counts: TableCount[] = [];
  for (const table of tables) counts.push({ table: table.name, source: await count(onSource, table), target: await count(onTarget, table) });
  return counts;
}

/** The migration runner's view of PGlite's one connection. */
function overPglite(db: PGlite) {
  const conn: SqlConnection = { exec: async (sql) => void (await db.exec(sql)), query: async (sql, params) => (await db.query(sql, params as unknown[])).rows as never };
  return { withConnection: <T>(fn: (conn: SqlConnection) => Promise<T>) => fn(conn) };
}

/** …and of the target's one connection, where the move's transaction is open. */
function overClient(db: pg.Client) {
  const conn: SqlConnection = { exec: async (sql) => void (await db.query(sql)), query: async (sql, params) => (await db.query(sql, params as unknown[])).rows };
  return { withConnection: <T>(fn: (conn: SqlConnection) => Promise<T>) => fn(conn) };
}
