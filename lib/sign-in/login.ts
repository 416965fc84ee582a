import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { verifyPassword } from "@/lib/auth/password";
import type { LoginInput } from "./schemas";
import type { TokenOrigin } from "@/lib/auth/tokens";
import { auditSignIn } from "@/lib/audit/audit-sign-in";
import { countSignInAttempt } from "@/lib/net/rate-limit/sign-in-attempts";
import { completeSignIn, type LoginResult } from "./complete-sign-in";
import { secondFactorChallenge } from "@/lib/sign-in/second-factor-challenge";
import { findSignInUser } from "./find-sign-in-user";

export type { LoginResult } from "./complete-sign-in";

const FAILED = "These credentials do not match our records.";
const SSO_ONLY = "Your organization signs in through single sign-on, not with a password.";

/**
 * Email + password → a new bearer token, or, for a user who has a second
 * factor or whose organization requires one, a 401 carrying a challenge that
 * POST /api/login/second-factor (or the web sign-in) finishes with a code:
 * no token exists until both factors are given (issue 46). Used by both login
 * routes and the web sign-in. Every attempt counts against the sign-in limits
 * before the password is looked at (sign-in-attempts.ts).
 */
export async function login({
  input,
  clientAddress,
  kind = "api",
  userAgent = null,
}: {
  input: LoginInput;
  clientAddress: string;
  kind?: TokenOrigin["kind"];
  userAgent?: string | null;
}): Promise<LoginResult> {
  await countSignInAttempt(input.email, clientAddress);
  const found = await findSignInUser(input.email);
  const user = found?.user;
  const valid = await verifyPassword(input.password, user?.password_hash);
  if (!found || !user || !valid || !user.active) {
    if (user) await auditSignIn(user, "user.sign_in_failed", { kind, address: clientAddress, reason: valid ? "inactive" : "wrong_password" });
    throw AppError.validation({ email: [FAILED] }, FAILED);
  }
  // Checked after the password, so the answer says nothing of an account to someone who does not know it.
  if (found.passwordRefused) {
    await auditSignIn(user, "user.sign_in_failed", { kind, address: clientAddress, reason: "sso_only" });
    throw new AppError("forbidden", SSO_ONLY, { extra: { sso_required: true } });
  }
  const origin = { kind, userAgent, address: clientAddress };
  // The counts are not forgiven here: a password known to an attacker must not buy fresh tries at the code.
  const challenge = await secondFactorChallenge(user, origin, { known: found });
  if (challenge) throw challenge;
  return completeSignIn(user, origin, { method: "password" });
}
