// When a failed delivery is tried again (issue 24): 5 s, 10 s, 20 s… doubling
// up to an hour apart, for 24 hours from the event; then it is given up. An
// endpoint failing for 24 hours (no delivery answered 2xx since) is disabled.

export const RETRY_WINDOW_MS = 24 * 3_600_000;
const FIRST_RETRY_MS = 5_000;
const LONGEST_WAIT_MS = 3_600_000;

/** The next try after `attempts` failed ones, or null when the 24 hours are over. */
export function nextAttemptAt(attempts: number, createdAt: Date, now: Date): Date | null {
  if (now.getTime() - createdAt.getTime() >= RETRY_WINDOW_MS) return null;
  const wait = Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return new Date(Math.min(now.getTime() + wait, createdAt.getTime() + RETRY_WINDOW_MS));
}

/** Has the endpoint failed long enough to be disabled? */
export function failingTooLong(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= RETRY_WINDOW_MS;
}
