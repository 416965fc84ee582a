import "server-only";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { Prisma } from "@/lib/generated/prisma/client";
import { database, type Tx } from "./client";
import { sqlText, type Sql } from "./prepared";

// The one way the rest of the server runs SQL of its own; Prisma's query
// builder does the plain reads and writes. One helper, one shape:
//
//   runSql(on, { secrets }).rows<Row>`…`           the rows a statement answers
//   runSql(on).rows<Row>(text | prepared, params)  the same, from SQL text
//   runSql(on).count`…`                            how many rows it changed
//
// `on` says which connection runs it:
//   "pool" (the default)  straight through the driver, on any pooled
//                         connection: the hot paths, prepared statements; the
//                         driver's types (ids as the SQL casts them)
//   "unflushed"           the same, its commit not waiting for the disk (live
//                         events, which a crash may lose without harm)
//   a transaction, or     Prisma's connection: inside a transaction (`tx`), or
//   the Prisma client     where Prisma's types are wanted (bigint ids, Dates)
//
// Every statement is held to the same two rules: slow ones are logged
// (SLOW_QUERY_MS; Prisma's own query log times its side), and secret columns
// stay out unless the caller says it reads them on purpose.

const SECRET_COLUMNS = /\b(password_hash|token_hash|encrypted_secrets)\b/i;

type Runner = Pick<Tx, "$queryRaw" | "$queryRawUnsafe" | "$executeRaw" | "$executeRawUnsafe">;
export type SqlConnection = "pool" | "unflushed" | Runner;
/** A tagged template (or a Prisma.sql fragment), or SQL text (or a prepared statement) with its parameters. */
type Statement = [TemplateStringsArray | Prisma.Sql, ...unknown[]] | [Sql, unknown[]?];

function refuseSecrets(text: string, secrets: boolean): void {
  if (!secrets && SECRET_COLUMNS.test(text)) throw new Error("This statement reads a secret column: pass { secrets: true } where that is the point.");
}

const isText = (first: Statement[0]): first is Sql => typeof first === "string" || (typeof first === "object" && "name" in first && "text" in first && !(first instanceof Prisma.Sql));

function fragment(first: TemplateStringsArray | Prisma.Sql, values: unknown[]): Prisma.Sql {
  return first instanceof Prisma.Sql ? first : Prisma.sql(first, ...values);
}

/** Through the driver: the text and its parameters, timed. */
async function onDriver<Row>(unflushed: boolean, sql: Sql, params: unknown[]): Promise<Row[]> {
  const started = performance.now();
  try {
    const { driver } = database();
    return await (unflushed ? driver.queryUnflushed<Row>(sql, params) : driver.query<Row>(sql, params));
  } finally {
    const ms = Math.round(performance.now() - started);
    if (ms >= env().SLOW_QUERY_MS) logger.warn("slow query", { ms, query: sqlText(sql).slice(0, 500) });
  }
}

/** Runs hand-written SQL on a connection (see above). */
export function runSql(on: SqlConnection = "pool", { secrets = false }: { secrets?: boolean } = {}) {
  const rows = async <Row = unknown>(...[first, ...rest]: Statement): Promise<Row[]> => {
    if (isText(first)) {
      const params = (rest[0] as unknown[] | undefined) ?? [];
      refuseSecrets(sqlText(first), secrets);
      if (typeof on !== "string") return on.$queryRawUnsafe<Row[]>(sqlText(first), ...params);
      return onDriver<Row>(on === "unflushed", first, params);
    }
    const sql = fragment(first, rest);
    refuseSecrets(sql.text, secrets);
    if (typeof on !== "string") return on.$queryRaw<Row[]>(sql);
    return onDriver<Row>(on === "unflushed", sql.text, sql.values);
  };
  const count = async (...[first, ...rest]: Statement): Promise<number> => {
    if (typeof on === "string") throw new Error("runSql(…).count runs on Prisma's connection: pass the client or the transaction.");
    if (isText(first)) return on.$executeRawUnsafe(sqlText(first), ...((rest[0] as unknown[] | undefined) ?? []));
    return on.$executeRaw(fragment(first, rest));
  };
  return { rows, count };
}
