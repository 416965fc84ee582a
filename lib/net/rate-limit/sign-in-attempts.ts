import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { clearAndTakeBackRateLimit, hitRateLimits } from "@/lib/net/rate-limit/hit-rate-limit";

// Keys this process has seen past their limit, until their window ends: an
// attempt for one is refused with no database round trip, so a flood from one
// address or at one email costs statements only until its first refusals come
// back. In a fixed window hits past the limit change nothing, so not counting
// them loses nothing.
const refusedUntil = new Map<string, number>();

function knownRefusal(keys: string[]): number | null {
  const now = Date.now();
  for (const key of keys) {
    const until = refusedUntil.get(key);
    if (until !== undefined && until > now) return (until - now) / 1000;
    if (until !== undefined) refusedUntil.delete(key);
  }
  return null;
}

function refuse(key: string, retryAfterSeconds: number): AppError {
  if (refusedUntil.size >= 10_000) refusedUntil.clear();
  refusedUntil.set(key, Date.now() + retryAfterSeconds * 1000);
  return AppError.tooManyRequests(retryAfterSeconds);
}

const keys = (email: string, clientAddress: string) => ({ emailKey: `login:email:${email}`, addressKey: `login:address:${clientAddress}` });

/**
 * Counts one sign-in attempt (a password or a second factor's code) per email
 * and per client address, in the database before anything is checked (one
 * statement, an atomic increment of each), so attempts arriving together, on
 * any server, each get their own count; past either limit the attempt is 429
 * without any hashing or code checking. A code counts as a password does:
 * the second factor cannot be guessed faster than the first.
 */
export async function countSignInAttempt(email: string, clientAddress: string): Promise<void> {
  const config = env();
  const { emailKey, addressKey } = keys(email, clientAddress);
  const known = knownRefusal([emailKey, addressKey]);
  if (known !== null) throw AppError.tooManyRequests(known);
  const hits = await hitRateLimits([emailKey, addressKey], config.LOGIN_LOCKOUT_SECONDS);
  const byEmail = hits.get(emailKey)!;
  const byAddress = hits.get(addressKey)!;
  if (byEmail.hits > config.LOGIN_MAX_FAILURES_PER_EMAIL) throw refuse(emailKey, byEmail.retryAfterSeconds);
  if (byAddress.hits > config.LOGIN_MAX_FAILURES_PER_ADDRESS) throw refuse(addressKey, byAddress.retryAfterSeconds);
}

/**
 * A sign-in succeeded: the email's count is cleared and the address gets its
 * hit back (only failures hold an address back: an office behind one address
 * signs in all morning).
 */
export async function forgiveSignInAttempt(email: string, clientAddress: string): Promise<void> {
  const { emailKey, addressKey } = keys(email, clientAddress);
  await clearAndTakeBackRateLimit(emailKey, addressKey);
}
