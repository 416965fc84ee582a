import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";

/**
 * What a caller hears must not wait on a busy database (issue 61, point 4):
 * the provider waits for our answer in silence, and past a few seconds it
 * gives up on the call. So a callback that can say something true without
 * the database (the wait music) answers that once `ms` have passed, and the
 * work goes on behind it: its result lands in the database, and what it
 * would have said (a position in line) is said on the caller's next turn.
 * A refusal (an AppError, the caller's or the request's fault) that comes in
 * time is still the answer; anything that fails after is logged.
 */
/** How long a caller's answer may wait on the database before the music plays (CALLER_ANSWER_MS; 0: never): inside the second callers are promised. */
export const callerWaitsMs = () => env().CALLER_ANSWER_MS;

export async function answerInTime<T>(work: Promise<T>, ms: number, late: () => T, what: string): Promise<T> {
  // 0: never wait (the embedded database can answer before a timer of 0 fires).
  if (ms <= 0) return behind(work, what, late);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof LATE>((resolve) => (timer = setTimeout(() => resolve(LATE), ms)));
  try {
    const first = await Promise.race([work, deadline]);
    if (first !== LATE) return first;
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A database error in time: the caller still hears the music; the work's own retries (if any) are behind it.
    logger.error(`${what} failed: the caller hears the wait music`, { error: describe(error) });
    return late();
  } finally {
    clearTimeout(timer);
  }
  logger.warn(`${what} took over ${ms} ms: the caller hears the wait music meanwhile`);
  return behind(work, what, late);
}

/** The work goes on behind the answer `late()`; a failure is logged. */
function behind<T>(work: Promise<T>, what: string, late: () => T): T {
  work.catch((error) => logger.error(`${what} failed after the caller was answered`, { error: describe(error) }));
  return late();
}

const LATE = Symbol("late");
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
