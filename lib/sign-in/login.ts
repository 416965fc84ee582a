import "server-only";
import { prisma } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { clearRateLimit, hitRateLimits, takeBackRateLimitHit } from "@/lib/rate-limit/hit-rate-limit";
import { serializeUser, userSelect, type ApiUser } from "@/lib/users/serialize-user";
import { verifyPassword } from "@/lib/auth/password";
import type { LoginInput } from "./schemas";
import { issueToken, type TokenOrigin } from "@/lib/auth/tokens";
import { writeAuditLog } from "@/lib/audit/write-audit-log";

export interface LoginResult {
  user: ApiUser;
  token: string;
}

const FAILED = "These credentials do not match our records.";

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

/**
 * Email + password → a new bearer token. Used by both login routes and the web
 * sign-in. Every attempt is counted per email and per client address in the
 * database before the password is looked at (one statement, an atomic
 * increment of each), so attempts arriving together, on any server, each get
 * their own count, and once either passes its limit the attempt gets 429
 * without any hashing. A
 * success gives its address count back (only failures hold an address back:
 * an office behind one address signs in all morning) and clears the email's.
 */
export async function login({ input, clientAddress, kind = "api", userAgent = null }: { input: LoginInput; clientAddress: string; kind?: TokenOrigin["kind"]; userAgent?: string | null }): Promise<LoginResult> {
  const config = env();
  const window = config.LOGIN_LOCKOUT_SECONDS;
  const emailKey = `login:email:${input.email}`;
  const addressKey = `login:address:${clientAddress}`;

  const known = knownRefusal([emailKey, addressKey]);
  if (known !== null) throw AppError.tooManyRequests(known);
  const hits = await hitRateLimits([emailKey, addressKey], window);
  const byEmail = hits.get(emailKey)!;
  const byAddress = hits.get(addressKey)!;
  if (byEmail.hits > config.LOGIN_MAX_FAILURES_PER_EMAIL) throw refuse(emailKey, byEmail.retryAfterSeconds);
  if (byAddress.hits > config.LOGIN_MAX_FAILURES_PER_ADDRESS) throw refuse(addressKey, byAddress.retryAfterSeconds);

  const user = await prisma.user.findUnique({
    where: { email: input.email },
    select: { ...userSelect, password_hash: true },
  });
  const valid = await verifyPassword(input.password, user?.password_hash);
  if (!user || !valid || !user.active) {
    if (user) await auditSignIn(user, "user.sign_in_failed", { kind, address: clientAddress, reason: valid ? "inactive" : "wrong_password" });
    throw AppError.validation({ email: [FAILED] }, FAILED);
  }

  await Promise.all([clearRateLimit(emailKey), takeBackRateLimitHit(addressKey)]);
  const token = await issueToken(user.id, prisma, "api", { kind, userAgent, address: clientAddress });
  await auditSignIn(user, "user.signed_in", { kind, address: clientAddress, token_id: Number(token.split("|")[0]) });
  const updated = await prisma.user.update({
    where: { id: user.id },
    data: { last_login_at: new Date() },
    select: userSelect,
  });
  return { user: serializeUser(updated), token };
}

/**
 * Sign-ins and failed sign-ins to a known account, in its organization's audit
 * log (issue 46, point 5: a password being guessed shows there). A failure for
 * an unknown email is written nowhere: no organization owns it, and anyone
 * could fill a log with it.
 */
function auditSignIn(user: { id: number; organization_id: number; department_id: number | null }, action: string, details: Record<string, unknown>) {
  return writeAuditLog(prisma, { organization_id: user.organization_id, department_id: user.department_id, user_id: user.id, action, subject_type: "user", subject_id: user.id, details });
}
