import "server-only";
import { prisma } from "@/lib/db/client";
import { hashToken, type TokenOrigin } from "@/lib/auth/tokens";
import { AppError } from "@/lib/errors/app-error";
import { userSelect } from "@/lib/users/serialize-user";

export const CHALLENGE_MAX_CODES = 5;

export const challengeOver = () => new AppError("unauthenticated", "This sign-in has expired or was already used. Sign in again with your password.");

/**
 * The live sign-in a challenge names, with its user: one of the kind asked
 * (a browser's challenge does not finish an API login, nor the reverse;
 * setting up an authenticator on the way serves either), not
 * expired, not past its five codes, its user still active.
 */
export async function openChallenge(secret: string, kind: TokenOrigin["kind"] | "either") {
  const challenge = await prisma.signInChallenge.findUnique({
    where: { secret_hash: hashToken(secret) },
    include: { user: { select: { ...userSelect, active: true } } },
  });
  if (!challenge || (kind !== "either" && challenge.kind !== kind) || challenge.expires_at <= new Date() || challenge.attempts >= CHALLENGE_MAX_CODES || !challenge.user.active) throw challengeOver();
  return challenge;
}

export type OpenChallenge = Awaited<ReturnType<typeof openChallenge>>;
