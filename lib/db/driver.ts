import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { isBackgroundWork } from "./background-work";
import { lockDataDir } from "./data-dir-lock";
import { sqlText, type Sql } from "./prepared";

/**
 * The raw SQL side of a database: what the migration runner and a few set-based
 * statements need, identical for PostgreSQL and the embedded PGlite.
 */
export interface SqlConnection {
  /** Runs one or more statements without parameters (migration files). */
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Driver {
  kind: "postgres" | "embedded";
  /** How pg-boss reaches this database: its own pool, or this process's PGlite. */
  jobQueueDb: { connectionString: string } | { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  adapter: SqlDriverAdapterFactory;
  /** One statement on any pooled connection: for hot paths that skip the ORM (prepared, when it is a PreparedSql). */
  query<Row>(sql: Sql, params?: unknown[]): Promise<Row[]>;
  /**
   * One statement whose commit does not wait for the disk (synchronous_commit
   * off): for writes that a crash may lose without harm (live events). It is
   * still atomic and seen by everyone at once; only its durability is deferred
   * by a fraction of a second.
   */
  queryUnflushed<Row>(sql: Sql, params?: unknown[]): Promise<Row[]>;
  /** Runs fn on one dedicated connection (needed for session advisory locks). */
  withConnection<T>(fn: (conn: SqlConnection) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel: `onPayload` for each NOTIFY, `onReconnect` after the
   * listening connection was lost and opened again (notifications sent
   * meanwhile were missed). Answers a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * How the connections are used right now, for the metrics: each pool's open
   * and idle connections and the clients waiting for one (on the embedded
   * database, requests' statements in line for, or on, its one connection).
   */
  poolUse(): PoolUse[];
  /** Opens the pooled connections before the first request needs them (start-up). */
  warm(): Promise<void>;
  /**
   * Embedded only: the whole data folder as a tarball (PGlite's dumpDataDir,
   * uncompressed: ./gzip-tarball.ts), taken while no statement or transaction runs (a backup).
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface PoolUse {
  pool: string;
  /** Open connections and idle ones; absent on the embedded database (one, in this process). */
  total?: number;
  idle?: number;
  waiting: number;
}

/** Opens `size` connections of a pool at once and hands them back to it, open. */
async function fill(pool: pg.Pool, size: number): Promise<void> {
  const clients = await Promise.all(Array.from({ length: size }, () => pool.connect()));
  await Promise.all(clients.map((client) => client.query("SELECT 1")));
  for (const client of clients) client.release();
}

/** `poolSize`: connections of the pool each server process keeps open to PostgreSQL (DATABASE_POOL_SIZE). */
export function openPostgres(connectionString: string, poolSize: number): Driver {
  // A fixed pool, opened at start-up and kept (idleTimeoutMillis 0): a new
  // connection is a new PostgreSQL backend to start, and in a burst of callers
  // the requests that waited for the pool to grow took 200-800 ms where the
  // others took 40 (bench:routing; docs/decisions/016).
  const pool = new pg.Pool({ connectionString, max: poolSize, idleTimeoutMillis: 0 });
  // A few connections of their own for writes that need not wait for the disk.
  const unflushed = new pg.Pool({ connectionString, max: 3, idleTimeoutMillis: 0, options: "-c synchronous_commit=off" });
  // A kept connection that PostgreSQL closes (a restart, an administrator) leaves the pool; the next request opens another.
  for (const each of [pool, unflushed]) each.on("error", () => undefined);
  return {
    kind: "postgres",
    adapter: new PrismaPg(pool) as unknown as SqlDriverAdapterFactory,
    jobQueueDb: { connectionString },
    query: async (sql, params) => (await pool.query(pgQuery(sql), params as unknown[])).rows,
    queryUnflushed: async (sql, params) => (await unflushed.query(pgQuery(sql), params as unknown[])).rows,
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          exec: async (sql) => void (await client.query(sql)),
          query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
        });
      } finally {
        client.release();
      }
    },
    listen: (channel, onPayload, onReconnect) => listenOnPostgres(connectionString, channel, onPayload, onReconnect),
    poolUse: () => [
      { pool: "main", total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
      { pool: "unflushed", total: unflushed.totalCount, idle: unflushed.idleCount, waiting: unflushed.waitingCount },
    ],
    warm: async () => {
      await Promise.all([fill(pool, poolSize), fill(unflushed, 3)]);
    },
    close: async () => {
      await Promise.all([pool.end(), unflushed.end()]);
    },
  };
}

/** node-postgres prepares a statement given a name, once per connection. */
const pgQuery = (sql: Sql): string | pg.QueryConfig => (typeof sql === "string" ? sql : { name: sql.name, text: sql.text });

/** One connection of its own that stays in LISTEN, opened again (after a pause) whenever it drops. */
async function listenOnPostgres(connectionString: string, channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) {
  let stopped = false;
  let client: pg.Client | null = null;
  const open = async (again: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on("notification", (message) => message.channel === channel && onPayload(message.payload ?? ""));
    next.on("error", () => undefined);
    const retry = () => setTimeout(() => void open(true), 500).unref();
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      if (!again) throw error;
      if (!stopped) retry();
      return;
    }
    next.on("end", () => !stopped && retry());
    client = next;
    if (again) onReconnect?.();
  };
  await open(false);
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

/** Where in a data folder PGlite keeps its files. */
export const pgliteDir = (dataDir: string): string => path.resolve(dataDir, "pglite");

/**
 * PGlite on a data folder, for this process alone: the server, and the
 * command-line tools (db:move, backup) when no server holds the folder.
 */
export function openPglite(dataDir: string): PGlite {
  const dir = pgliteDir(dataDir);
  mkdirSync(dir, { recursive: true });
  // Before PGlite touches the files: a second server on this folder stops here (./data-dir-lock.ts).
  lockDataDir(dataDir);
  return new PGlite(dir, { extensions: { pg_trgm } });
}

/** PGlite lives inside this process; only one process may open a data directory. */
export function openEmbedded(dataDir: string): Driver {
  const pglite = openPglite(dataDir);
  // No autovacuum here: a GIN index's pending list is merged by the insert that
  // fills it, and at PostgreSQL's 4 MB that insert of an import held the server
  // for 1.2-1.4 s on a busy machine. Smaller lists, merged more often, in less
  // time each. (The first statement in the queue: it applies to the one session.)
  void pglite.exec("SET gin_pending_list_limit = '256kB'").catch(() => undefined);
  const turns = { requestsWaiting: 0 };
  const db = takingTurns(pglite, turns);
  const conn: SqlConnection = {
    exec: async (sql) => void (await db.exec(sql)),
    query: async (sql, params) => (await db.query(sql, params as unknown[])).rows as never,
  };
  return {
    kind: "embedded",
    adapter: new PrismaPGlite(db) as unknown as SqlDriverAdapterFactory,
    // pg-boss sends multi-statement scripts without parameters: those go through exec.
    jobQueueDb: {
      executeSql: async (text, values) => (values?.length ? db.query(text, values) : ((await db.exec(text)).at(-1) ?? { rows: [] })),
    },
    // One connection in this process: PGlite keeps no named statements; the text runs as it is.
    query: (sql, params) => conn.query(sqlText(sql), params),
    queryUnflushed: (sql, params) => conn.query(sqlText(sql), params),
    withConnection: (fn) => fn(conn),
    // In-process: PGlite delivers NOTIFY to its own listeners, and there is no other process.
    listen: async (channel, onPayload) => pglite.listen(channel, onPayload),
    poolUse: () => [{ pool: "embedded", waiting: turns.requestsWaiting }],
    warm: async () => undefined,
    dumpDataDir: () => dumpConsistently(pglite),
    close: () => pglite.close(),
  };
}

/**
 * PGlite's dumpDataDir takes only its query mutex: it waits for the statement
 * running, but a transaction (pglite.transaction, which Prisma's interactive
 * transactions and the pages' writes use) holds the transaction mutex and lets
 * go of the query mutex between its statements, so a dump could land in the
 * middle of one. Taking the transaction mutex around it makes the tarball a
 * picture between transactions. A CHECKPOINT first writes the shared buffers
 * out, so the restored copy starts without replaying the write-ahead log (it
 * would be consistent either way: PostgreSQL recovers a copy taken at any
 * instant between statements, as after a crash). Requests wait while the
 * files are copied into the tarball (1.3 s for a 220 MB folder), not while it
 * is compressed (./gzip-tarball.ts).
 */
async function dumpConsistently(pglite: PGlite): Promise<Blob> {
  await pglite.exec("CHECKPOINT");
  return pglite._runExclusiveTransaction(() => pglite.dumpDataDir("none"));
}

/** How long a statement of background work waits, at most, for requests' statements to go first. */
const GIVE_WAY_MAX_MS = 100;

/**
 * The one PGlite connection, shared fairly. PGlite runs each statement on this
 * process's thread, one at a time, and a transaction holds it to the end: while
 * an import ran batch after batch, a request's statements (and even reading the
 * request's bytes) waited for all of it (a 60,000-row import held another user's
 * GET /api/user for 25.6 s). So background work (./background-work.ts) first
 * lets the event loop run (requests that arrived get read) and gives way to
 * requests' statements waiting for the connection, for GIVE_WAY_MAX_MS at most
 * so that a busy service still lets it move; requests' statements go in the
 * order they came. Long work keeps its transactions small (./long-work.ts), as
 * a request waits for at most the one it finds running.
 */
function takingTurns(db: PGlite, turns: { requestsWaiting: number }): PGlite {
  const giveWay = async () => {
    const since = performance.now();
    do await new Promise((resolve) => setImmediate(resolve));
    while (turns.requestsWaiting > 0 && performance.now() - since < GIVE_WAY_MAX_MS);
  };
  const turn = async <T>(run: () => Promise<T>): Promise<T> => {
    if (isBackgroundWork()) {
      await giveWay();
      return run();
    }
    turns.requestsWaiting += 1;
    try {
      return await run();
    } finally {
      turns.requestsWaiting -= 1;
    }
  };
  // What pglite-prisma-adapter, pg-boss and the migration runner call; a
  // transaction's own statements go through its Transaction, inside its turn.
  return new Proxy(db, {
    get(target, property) {
      if (property === "query") return (...args: Parameters<PGlite["query"]>) => turn(() => target.query(...args));
      if (property === "exec") return (...args: Parameters<PGlite["exec"]>) => turn(() => target.exec(...args));
      if (property === "transaction") return (...args: Parameters<PGlite["transaction"]>) => turn(() => target.transaction(...args));
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
