import "server-only";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { database } from "./client";
import { sqlText, type Sql } from "./prepared";

// Raw SQL on the hot paths that skip the ORM, with what the Prisma client does
// for every other query: slow statements are logged (SLOW_QUERY_MS), and secret
// columns stay out unless the caller says it reads them on purpose. The one
// way domain code runs SQL text through the driver.

const SECRET_COLUMNS = /\b(password_hash|token_hash|encrypted_secrets)\b/i;

export async function rawQuery<Row>(sql: Sql, params: unknown[] = [], { secrets = false }: { secrets?: boolean } = {}): Promise<Row[]> {
  if (!secrets && SECRET_COLUMNS.test(sqlText(sql))) throw new Error("This statement reads a secret column: pass { secrets: true } where that is the point.");
  const started = performance.now();
  try {
    return await database().driver.query<Row>(sql, params);
  } finally {
    const ms = Math.round(performance.now() - started);
    if (ms >= env().SLOW_QUERY_MS) logger.warn("slow query", { ms, query: sqlText(sql).slice(0, 500) });
  }
}
