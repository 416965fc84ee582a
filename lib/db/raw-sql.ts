import "server-only";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { Prisma } from "@/lib/generated/prisma/client";
import { database, type Tx } from "./client";
import { sqlText, type Sql } from "./prepared";

// The one way the rest of the server runs SQL of its own; Prisma's query
// builder does the plain reads and writes. Every statement here is held to the
// same two rules: slow ones are logged (SLOW_QUERY_MS), and secret columns stay
// out unless the caller says it reads them on purpose. Two connections to run
// on, for two needs:
//
//   rawQuery(text, params)          straight through the driver, on any pooled
//                                   connection: the hot paths (prepared
//                                   statements, unflushed commits); the
//                                   driver's types (ids as the SQL casts them).
//   sqlRows(tx)`…` / sqlExecute(tx) on Prisma's connection: inside a
//                                   transaction (`tx`), or where Prisma's types
//                                   are wanted (bigint ids, Dates); Prisma's
//                                   own query log times them.

const SECRET_COLUMNS = /\b(password_hash|token_hash|encrypted_secrets)\b/i;

function refuseSecrets(text: string, secrets: boolean): void {
  if (!secrets && SECRET_COLUMNS.test(text)) throw new Error("This statement reads a secret column: pass { secrets: true } where that is the point.");
}

/**
 * One statement through the driver, on any pooled connection (prepared, when
 * it is a PreparedSql). `unflushed`: its commit does not wait for the disk
 * (live events, which a crash may lose without harm; lib/db/driver.ts).
 */
export async function rawQuery<Row>(sql: Sql, params: unknown[] = [], { secrets = false, unflushed = false }: { secrets?: boolean; unflushed?: boolean } = {}): Promise<Row[]> {
  refuseSecrets(sqlText(sql), secrets);
  const started = performance.now();
  try {
    const { driver } = database();
    return await (unflushed ? driver.queryUnflushed<Row>(sql, params) : driver.query<Row>(sql, params));
  } finally {
    const ms = Math.round(performance.now() - started);
    if (ms >= env().SLOW_QUERY_MS) logger.warn("slow query", { ms, query: sqlText(sql).slice(0, 500) });
  }
}

type Runner = Pick<Tx, "$queryRaw" | "$queryRawUnsafe" | "$executeRaw" | "$executeRawUnsafe">;
/** A tagged template, a Prisma.sql fragment, or SQL text and its parameters. */
type Statement = [TemplateStringsArray | Prisma.Sql | string, ...unknown[]];

function prismaSql(first: TemplateStringsArray | Prisma.Sql, values: unknown[]): Prisma.Sql {
  return first instanceof Prisma.Sql ? first : Prisma.sql(first, ...values);
}

/** The rows of a statement run on Prisma's connection (`db`: the client, or a transaction); `Rows` is the array's type. */
export function sqlRows<Rows = unknown>(db: Runner, { secrets = false }: { secrets?: boolean } = {}) {
  return (...[first, ...values]: Statement): Promise<Rows> => {
    if (typeof first === "string") {
      refuseSecrets(first, secrets);
      return db.$queryRawUnsafe<Rows>(first, ...values);
    }
    const sql = prismaSql(first, values);
    refuseSecrets(sql.text, secrets);
    return db.$queryRaw<Rows>(sql);
  };
}

/** The number of rows a statement run on Prisma's connection changed (it answers no rows: nothing secret can leave). */
export function sqlExecute(db: Runner) {
  return (...[first, ...values]: Statement): Promise<number> => (typeof first === "string" ? db.$executeRawUnsafe(first, ...values) : db.$executeRaw(prismaSql(first, values)));
}
