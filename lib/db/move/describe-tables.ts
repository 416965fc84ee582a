import type { ForeignKey } from "./copy-order";

/** A statement on one side of the move (PGlite or node-postgres). */
export type Query = <Row>(sql: string, params?: unknown[]) => Promise<Row[]>;

export interface TableShape {
  /** schema.table, each part quoted: ready for SQL. */
  sql: string;
  /** schema.table as people read it. */
  name: string;
  /** The columns a COPY writes: every one but the generated (the database computes those again). */
  columns: string[];
}

export interface DatabaseShape {
  tables: TableShape[];
  foreignKeys: ForeignKey[];
  /** Sequences (serial and identity columns' too), quoted schema.name. */
  sequences: string[];
}

// Everything the product and pg-boss keep: every schema but PostgreSQL's own.
const USER_SCHEMA = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'`;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The tables of a database as the move sees them. A partitioned table
 * (pg-boss's job, one partition per queue) is one table: its rows are read
 * and written through the parent, which sends each to its partition.
 */
export async function describeTables(query: Query): Promise<DatabaseShape> {
  const columns = await query<{ schema: string; table: string; column: string }>(
    `SELECT n.nspname AS schema, c.relname AS table, a.attname AS column
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND ${USER_SCHEMA}
        AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY n.nspname, c.relname, a.attnum`,
  );
  const tables = new Map<string, TableShape>();
  for (const row of columns) {
    const name = `${row.schema}.${row.table}`;
    const table = tables.get(name) ?? { name, sql: `${quote(row.schema)}.${quote(row.table)}`, columns: [] };
    table.columns.push(quote(row.column));
    tables.set(name, table);
  }
  const foreignKeys = await query<ForeignKey>(
    `SELECT con.conname AS name, n.nspname || '.' || c.relname AS table, rn.nspname || '.' || r.relname AS references
       FROM pg_constraint con
       JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_class r ON r.oid = con.confrelid JOIN pg_namespace rn ON rn.oid = r.relnamespace
      WHERE con.contype = 'f' AND NOT c.relispartition AND ${USER_SCHEMA}`,
  );
  const sequences = await query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND ${USER_SCHEMA} ORDER BY 1, 2`,
  );
  return { tables: [...tables.values()], foreignKeys, sequences: sequences.map((each) => `${quote(each.schema)}.${quote(each.name)}`) };
}

/** Tables of any schema but PostgreSQL's own: a target with one is not empty. */
export async function userTables(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND ${USER_SCHEMA} ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}
