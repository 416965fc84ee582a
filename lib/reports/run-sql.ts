import "server-only";
import { rawQuery } from "@/lib/db/raw-sql";
import type { Prisma } from "@/lib/generated/prisma/client";

/** Reports read through the driver directly: plain rows, numbers as numbers where cast. */
export function runSql<Row>(statement: Prisma.Sql): Promise<Row[]> {
  return rawQuery<Row>(statement.text, statement.values);
}

export const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);
export const num = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value) * 100) / 100);
