import "server-only";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { SessionUser } from "@/lib/auth/session-user";
import { verifyPassword } from "@/lib/auth/password";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { auditSignIn } from "@/lib/audit/audit-sign-in";
import { countSignInAttempt, forgiveSignInAttempt } from "@/lib/net/rate-limit/sign-in-attempts";
import { checkPasskey, passkeyRequestOptions } from "./passkey-assertion";
import { spendOwnCode } from "./spend-own-code";
import type { IdentityProof } from "./schemas";

// Changing a second factor needs the current one (issue 59, point 3; SECURITY.md):
// a stolen session alone cannot add an authenticator, add a passkey, read new
// recovery codes or remove a factor. The session proves its user with a factor
// they have (a code, a recovery code, a passkey), or with their password while
// they have none, and the proof counts for five minutes on that session only.

export const PROOF_FOR_MS = 5 * 60_000;
const PASSKEY_CHALLENGE_FOR_MS = 2 * 60_000;
const NO_PROOF = "Confirm it is you first: enter a code from your authenticator app or a recovery code, or use a passkey (your password while you have no second factor).";
const WRONG_PASSWORD = "That password is not right.";

async function confirmedFactors(userId: number) {
  return prisma.userFactor.findMany({ where: { user_id: userId, confirmed_at: { not: null } }, select: { kind: true, confirmed_at: true } });
}

/** The WebAuthn options for proving with one of the user's passkeys; the challenge is kept on this session for two minutes. */
export async function passkeyProofOptions(actor: SessionUser) {
  const options = await passkeyRequestOptions(actor.id);
  if (!options) throw AppError.conflict("You have no passkey: enter a code instead.");
  await prisma.apiToken.updateMany({
    where: { id: actor.token_id, user_id: actor.id },
    data: { proof_challenge: options.challenge, proof_challenge_expires_at: new Date(Date.now() + PASSKEY_CHALLENGE_FOR_MS) },
  });
  return options;
}

async function passkeyProved(actor: SessionUser, response: AuthenticationResponseJSON): Promise<boolean> {
  const session = await prisma.apiToken.findUnique({ where: { id: actor.token_id }, select: { proof_challenge: true, proof_challenge_expires_at: true } });
  if (!session?.proof_challenge || !session.proof_challenge_expires_at || session.proof_challenge_expires_at <= new Date()) return false;
  // The challenge is spent whatever the answer: one answer per challenge.
  const spent = await prisma.apiToken.updateMany({ where: { id: actor.token_id, proof_challenge: session.proof_challenge }, data: { proof_challenge: null, proof_challenge_expires_at: null } });
  return spent.count === 1 && checkPasskey(actor.id, response, session.proof_challenge);
}

/** The session proves its user: one factor they have, or their password while they have none → five minutes to change factors. */
export async function proveIdentity(actor: SessionUser, proof: IdentityProof, address: string) {
  const factors = await confirmedFactors(actor.id);
  let method: "totp" | "recovery_code" | "passkey" | "password";
  if (factors.length === 0) {
    if (proof.password === undefined) throw AppError.validation({ password: ["You have no second factor yet: confirm it is you with your password."] });
    await countSignInAttempt(actor.email, address);
    const user = await prisma.user.findUnique({ where: { id: actor.id }, select: { password_hash: true } });
    if (!(await verifyPassword(proof.password, user?.password_hash))) {
      await auditSignIn(actor, "user.sign_in_failed", { kind: "account", address, reason: "wrong_password" });
      throw AppError.validation({ password: [WRONG_PASSWORD] }, WRONG_PASSWORD);
    }
    await forgiveSignInAttempt(actor.email, address);
    method = "password";
  } else if (proof.code !== undefined) {
    method = await spendOwnCode(actor, proof.code, address);
  } else if (proof.passkey !== undefined) {
    await countSignInAttempt(actor.email, address);
    if (!(await passkeyProved(actor, proof.passkey as AuthenticationResponseJSON))) {
      await auditSignIn(actor, "user.sign_in_failed", { kind: "account", address, reason: "wrong_passkey" });
      throw AppError.validation({ passkey: ["That passkey was not accepted. Try again, or enter a code."] });
    }
    await forgiveSignInAttempt(actor.email, address);
    method = "passkey";
  } else {
    // A password does not stand in for a factor the user has: it is what a thief of the session may know.
    throw AppError.validation({ code: ["Enter a code from your authenticator app or a recovery code, or use a passkey."] });
  }
  return { proved_until: (await markProved(actor)).toISOString(), method };
}

async function markProved(actor: SessionUser): Promise<Date> {
  const now = new Date();
  await prisma.apiToken.updateMany({ where: { id: actor.token_id, user_id: actor.id }, data: { factor_proved_at: now } });
  return new Date(now.getTime() + PROOF_FOR_MS);
}

/**
 * This session's proof now: until when it counts (null: none that counts, being
 * older than five minutes or than the user's newest factor) and the ways the
 * user may prove (their password while they have no factor).
 */
export async function currentProof(actor: SessionUser): Promise<{ provedUntil: Date | null; methods: string[] }> {
  const [session, factors] = await Promise.all([prisma.apiToken.findUnique({ where: { id: actor.token_id }, select: { factor_proved_at: true, user_id: true } }), confirmedFactors(actor.id)]);
  const provedAt = session?.user_id === actor.id ? session.factor_proved_at : null;
  const methods = factors.length === 0 ? ["password"] : [...new Set(factors.map((f) => f.kind))].concat("recovery_code");
  // A proof counts for five minutes, and only for the factors it was made with: once one is added, the
  // next change is proved with what the user has now (a password proof ends with the first factor).
  const counts = provedAt !== null && Date.now() - provedAt.getTime() < PROOF_FOR_MS && factors.every((f) => f.confirmed_at! <= provedAt);
  return { provedUntil: counts ? new Date(provedAt.getTime() + PROOF_FOR_MS) : null, methods };
}

/**
 * Before a factor changes: the code given with the request (spent as the
 * proof), else a proof this session made in the last five minutes, else 403
 * with `proof_required` (the page asks for one and tries again).
 */
export async function requireRecentProof(actor: SessionUser, { code, address }: { code?: string; address: string }): Promise<void> {
  if (code !== undefined) {
    await spendOwnCode(actor, code, address);
    await markProved(actor);
    return;
  }
  const { provedUntil, methods } = await currentProof(actor);
  if (provedUntil) return;
  throw new AppError("forbidden", NO_PROOF, { extra: { proof_required: true, methods } });
}
