import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";

export interface RateLimitState {
  hits: number;
  retryAfterSeconds: number;
}

// Fixed-window counters in the database, so every server process shares them.
// One atomic upsert per hit: a window that has ended starts again at 1.

/** Counts one hit against `key` and returns the count in the current window. */
export async function hitRateLimit(key: string, windowSeconds: number): Promise<RateLimitState> {
  return (await hitRateLimits([key], windowSeconds)).get(key)!;
}

/**
 * Counts one hit against each key in one statement (a login counts its email
 * and its address: one round trip, not two, for every attempt of a flood).
 * Keys are locked in sorted order, so two such statements never deadlock.
 */
export async function hitRateLimits(keys: string[], windowSeconds: number): Promise<Map<string, RateLimitState>> {
  const sorted = [...new Set(keys)].sort();
  const rows = await runSql(prisma).rows<{ key: string; hits: number; retry_after: number }>`
    INSERT INTO rate_limits (key, hits, reset_at)
    VALUES ${Prisma.join(sorted.map((key) => Prisma.sql`(${key}, 1, now() + make_interval(secs => ${windowSeconds}))`))}
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
    RETURNING key, hits, CEIL(EXTRACT(EPOCH FROM (reset_at - now())))::int AS retry_after`;
  return new Map(rows.map((row) => [row.key, { hits: row.hits, retryAfterSeconds: row.retry_after }]));
}

/** The current count for `key` without counting a hit. */
export async function peekRateLimit(key: string): Promise<RateLimitState> {
  const rows = await runSql(prisma).rows<{ hits: number; retry_after: number }>`
    SELECT hits, CEIL(EXTRACT(EPOCH FROM (reset_at - now())))::int AS retry_after
    FROM rate_limits WHERE key = ${key} AND reset_at > now()`;
  return rows[0] ? { hits: rows[0].hits, retryAfterSeconds: rows[0].retry_after } : { hits: 0, retryAfterSeconds: 0 };
}

/**
 * Clears `clearKey`'s count and undoes one hit of `takeBackKey` in its current
 * window (an attempt counted up front that turned out not to count: a
 * successful sign-in), in one statement. The last hit takes its row with it,
 * so a window starts with the first hit that stays counted, as when only
 * failures were written (a window opened by a success would end early for the
 * failures after it).
 */
export async function clearAndTakeBackRateLimit(clearKey: string, takeBackKey: string): Promise<void> {
  await runSql(prisma).count`
    WITH cleared AS (DELETE FROM rate_limits WHERE key = ${clearKey} AND key <> ${takeBackKey}),
         gone AS (DELETE FROM rate_limits WHERE key = ${takeBackKey} AND hits <= 1 RETURNING key)
    UPDATE rate_limits SET hits = hits - 1
    WHERE key = ${takeBackKey} AND hits > 1 AND reset_at > now() AND NOT EXISTS (SELECT 1 FROM gone)`;
}
