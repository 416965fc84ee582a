import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import type { Driver, SqlConnection } from "./driver";

// Applies prisma/migrations/*/migration.sql in order and records each in
// _prisma_migrations exactly as Prisma Migrate does (same table, SHA-256
// checksum of the file), so `prisma migrate deploy` agrees wherever it can run.
// A session advisory lock makes concurrent start-ups apply each migration once.

const LOCK_KEY = 72707369; // Prisma Migrate's own advisory lock key.

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

// Read from the working directory at run time, not traced into the bundle.
export function readMigrations(dir = path.join(/* turbopackIgnore: true */ process.cwd(), "prisma", "migrations")): MigrationFile[] {
  return readdirSync(/* turbopackIgnore: true */ dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(/* turbopackIgnore: true */ path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(/* turbopackIgnore: true */ path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/**
 * Returns the names of the migrations this call applied. `insideTransaction`:
 * the caller holds a transaction open (db:move builds the whole target in one,
 * so a failure leaves it as empty as it was); each migration then runs in a
 * savepoint of it instead of a transaction of its own.
 */
export async function applyMigrations(driver: Pick<Driver, "withConnection">, migrations = readMigrations(), { insideTransaction = false }: { insideTransaction?: boolean } = {}): Promise<string[]> {
  return driver.withConnection(async (conn) => {
    await conn.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    try {
      return await applyLocked(conn, migrations, insideTransaction);
    } finally {
      await conn.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]);
    }
  });
}

async function applyLocked(conn: SqlConnection, migrations: MigrationFile[], nested: boolean): Promise<string[]> {
  await conn.exec(CREATE_TABLE);
  const rows = await conn.query<AppliedRow>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`);
  const applied = new Map(rows.map((row) => [row.migration_name, row]));
  const done: string[] = [];
  for (const migration of migrations) {
    const row = applied.get(migration.name);
    if (row?.finished_at) {
      if (row.checksum !== migration.checksum) {
        throw new Error(`Migration ${migration.name} was changed after it was applied (checksum mismatch).`);
      }
      continue;
    }
    if (row) throw new Error(`Migration ${migration.name} failed earlier; resolve it before starting again.`);
    await applyOne(conn, migration, nested);
    done.push(migration.name);
  }
  return done;
}

async function applyOne(conn: SqlConnection, migration: MigrationFile, nested: boolean): Promise<void> {
  const id = randomUUID();
  await conn.exec(nested ? "SAVEPOINT migration" : "BEGIN");
  try {
    await conn.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`, [id, migration.checksum, migration.name]);
    await conn.exec(migration.sql);
    await conn.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
    await conn.exec(nested ? "RELEASE SAVEPOINT migration" : "COMMIT");
  } catch (error) {
    await conn.exec(nested ? "ROLLBACK TO SAVEPOINT migration" : "ROLLBACK");
    throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
  }
}
