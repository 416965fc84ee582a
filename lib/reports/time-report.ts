import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { Prisma } from "@/lib/generated/prisma/client";
import { dailyMessageFigures, NO_MESSAGES } from "./message-figures";
import { callScope } from "./report-scope";
import { num } from "./figures";
import { runSql } from "@/lib/db/run-sql";
import type { ReportQuery } from "./schemas";
import { INBOUND_FIGURES } from "./summary-report";

interface Bucket {
  bucket: string | number;
  calls: number;
  inbound: number;
  answered: number;
  abandoned: number;
  aht: number | null;
}

function bucketRows<K extends string | number>(rows: Bucket[], keys: K[]) {
  return keys.map((key) => {
    const row = rows.find((r) => String(r.bucket) === String(key));
    return { bucket: key, calls: row?.calls ?? 0, inbound: row?.inbound ?? 0, answered: row?.answered ?? 0, abandoned: row?.abandoned ?? 0, average_handle_seconds: num(row?.aht ?? null) };
  });
}

/** Calls and text messages per day of the range (every day listed, on the caller's clock). */
export async function dailyReport({ actor, query }: { actor: SessionUser; query: ReportQuery }) {
  const [rows, messages] = await Promise.all([
    runSql().rows<Bucket>(Prisma.sql`
      SELECT to_char(l.created_at AT TIME ZONE ${query.tz}, 'YYYY-MM-DD') AS bucket, count(*)::int AS calls, ${INBOUND_FIGURES},
             avg(l.duration) FILTER (WHERE l.status = 'completed' AND l.user_id IS NOT NULL) AS aht
      FROM call_logs l WHERE ${callScope(actor, query)} GROUP BY 1 ORDER BY 1`),
    dailyMessageFigures(actor, query),
  ]);
  const days: string[] = [];
  for (let t = Date.parse(`${query.from}T00:00:00Z`); t <= Date.parse(`${query.to}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return { data: bucketRows(rows, days).map(({ bucket, ...rest }) => ({ day: bucket, ...rest, ...(messages.get(String(bucket)) ?? NO_MESSAGES) })) };
}

/** Calls per hour of the day over the range (0–23, on the caller's clock). */
export async function hourlyReport({ actor, query }: { actor: SessionUser; query: ReportQuery }) {
  const rows = await runSql().rows<Bucket>(Prisma.sql`
    SELECT extract(hour FROM l.created_at AT TIME ZONE ${query.tz})::int AS bucket, count(*)::int AS calls, ${INBOUND_FIGURES},
           avg(l.duration) FILTER (WHERE l.status = 'completed' AND l.user_id IS NOT NULL) AS aht
    FROM call_logs l WHERE ${callScope(actor, query)} GROUP BY 1 ORDER BY 1`);
  return {
    data: bucketRows(
      rows,
      Array.from({ length: 24 }, (_, h) => h),
    ).map(({ bucket, ...rest }) => ({ hour: bucket, ...rest })),
  };
}
