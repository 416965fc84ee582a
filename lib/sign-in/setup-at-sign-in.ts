import "server-only";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { confirmTotp } from "@/lib/sign-in/two-factor/confirm-totp";
import { openChallenge } from "./open-challenge";
import { spendChallengeCode } from "./spend-challenge-code";
import { startTotpSetup, type TotpSetup } from "@/lib/sign-in/two-factor/start-totp-setup";

/**
 * The challenge of a sign-in that may set up a factor: its user has none
 * yet. A user with any factor (an app, a passkey) is asked for it: letting
 * them set up another here would let a password alone pass the second step
 * with an authenticator of the attacker's choosing (409).
 */
async function setupChallenge(secret: string) {
  const challenge = await openChallenge(secret, "either");
  if (challenge.verified_at) throw AppError.conflict("This sign-in already has its authenticator: finish signing in.");
  const factors = await prisma.userFactor.count({ where: { user_id: challenge.user.id, confirmed_at: { not: null } } });
  if (factors > 0) throw AppError.conflict("This account has a second factor: use it to sign in, or a recovery code.");
  return challenge;
}

/**
 * A user whose organization requires a second factor and who has none sets
 * one up in the middle of signing in: the challenge their password earned
 * stands for them (there is no session yet).
 */
export async function startSetupAtSignIn(secret: string): Promise<TotpSetup> {
  const challenge = await setupChallenge(secret);
  return startTotpSetup(challenge.user);
}

/**
 * Its first code confirms the new authenticator and passes the challenge;
 * the recovery codes are answered here, once, and the sign-in is finished
 * with the challenge alone (POST /api/login/second-factor, or the web sign-in).
 */
export async function confirmSetupAtSignIn({ challenge: secret, code, clientAddress }: { challenge: string; code: string; clientAddress: string }): Promise<{ recovery_codes: string[] }> {
  const challenge = await setupChallenge(secret);
  await spendChallengeCode(challenge, code, clientAddress, { setup: true });
  const recovery_codes = await prisma.$transaction(async (tx) => {
    const codes = await confirmTotp(tx, challenge.user, { during: "sign_in" });
    await tx.signInChallenge.update({ where: { id: challenge.id }, data: { verified_at: new Date() } });
    return codes;
  });
  return { recovery_codes };
}
