import "server-only";
import { prisma } from "@/lib/db/client";

export interface RateLimitState {
  hits: number;
  retryAfterSeconds: number;
}

// Fixed-window counters in the database, so every server process shares them.
// One atomic upsert per hit: a window that has ended starts again at 1.

/** Counts one hit against `key` and returns the count in the current window. */
export async function hitRateLimit(key: string, windowSeconds: number): Promise<RateLimitState> {
  const rows = await prisma.$queryRaw<{ hits: number; retry_after: number }[]>`
    INSERT INTO rate_limits (key, hits, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
    RETURNING hits, CEIL(EXTRACT(EPOCH FROM (reset_at - now())))::int AS retry_after`;
  return { hits: rows[0].hits, retryAfterSeconds: rows[0].retry_after };
}

/** The current count for `key` without counting a hit. */
export async function peekRateLimit(key: string): Promise<RateLimitState> {
  const rows = await prisma.$queryRaw<{ hits: number; retry_after: number }[]>`
    SELECT hits, CEIL(EXTRACT(EPOCH FROM (reset_at - now())))::int AS retry_after
    FROM rate_limits WHERE key = ${key} AND reset_at > now()`;
  return rows[0] ? { hits: rows[0].hits, retryAfterSeconds: rows[0].retry_after } : { hits: 0, retryAfterSeconds: 0 };
}

/** Undoes one hit in the current window: an attempt counted up front that turned out not to count (a successful login). */
export async function takeBackRateLimitHit(key: string): Promise<void> {
  await prisma.$executeRaw`UPDATE rate_limits SET hits = hits - 1 WHERE key = ${key} AND hits > 0 AND reset_at > now()`;
}

export async function clearRateLimit(key: string): Promise<void> {
  await prisma.rateLimit.deleteMany({ where: { key } });
}
