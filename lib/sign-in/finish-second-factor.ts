import "server-only";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { TokenOrigin } from "@/lib/auth/tokens";
import { completeSignIn, type LoginResult } from "@/lib/sign-in/complete-sign-in";
import { challengeOver, openChallenge } from "./open-challenge";
import { spendChallengeCode } from "./spend-challenge-code";
import { spendChallengePasskey } from "./spend-challenge-passkey";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";

/**
 * The second step of a sign-in: its challenge and a code or a passkey's
 * answer (or a challenge already passed by setting up an authenticator) → the token. The challenge
 * is used once: of two requests finishing it together, one gets a token.
 */
export async function finishSecondFactor({
  challenge: secret,
  code,
  passkey,
  kind,
  clientAddress,
}: {
  challenge: string;
  code?: string | null;
  passkey?: AuthenticationResponseJSON;
  kind: TokenOrigin["kind"];
  clientAddress: string;
}): Promise<LoginResult> {
  const challenge = await openChallenge(secret, kind);
  let method: "totp" | "recovery_code" | "passkey" = "totp";
  if (!challenge.verified_at) {
    if (passkey) method = await spendChallengePasskey(challenge, passkey, clientAddress);
    else if (code) method = await spendChallengeCode(challenge, code, clientAddress);
    else throw AppError.validation({ code: ["Enter the 6-digit code from your authenticator app, or a recovery code."] });
  }
  const used = await prisma.signInChallenge.deleteMany({ where: { id: challenge.id } });
  if (used.count === 0) throw challengeOver();
  return completeSignIn(challenge.user, { kind, userAgent: challenge.user_agent, address: challenge.address ?? clientAddress }, { method });
}
