import "server-only";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { auditSignIn } from "@/lib/audit/audit-sign-in";
import { countSignInAttempt } from "@/lib/net/rate-limit/sign-in-attempts";
import { checkCode, WRONG_CODE, type CodeMethod } from "@/lib/sign-in/two-factor/check-code";
import { CHALLENGE_MAX_CODES, challengeOver, type OpenChallenge } from "./open-challenge";

/** One try at a challenge's second factor, counted against the sign-in limits and the challenge's five before it is checked. */
export async function countChallengeAttempt(challenge: OpenChallenge, clientAddress: string): Promise<void> {
  await countSignInAttempt(challenge.user.email, clientAddress);
  const counted = await prisma.signInChallenge.updateMany({ where: { id: challenge.id, attempts: { lt: CHALLENGE_MAX_CODES } }, data: { attempts: { increment: 1 } } });
  if (counted.count === 0) throw challengeOver();
}

/**
 * One code given for a sign-in's challenge: counted against the sign-in
 * limits (per email and address, as passwords are) and the challenge's own
 * five, then checked and spent. A wrong code is 422 and in the audit log.
 */
export async function spendChallengeCode(challenge: OpenChallenge, code: string, clientAddress: string, { setup = false } = {}): Promise<CodeMethod> {
  const { user } = challenge;
  await countChallengeAttempt(challenge, clientAddress);
  const method = await checkCode(prisma, user.id, code, { setup });
  if (!method) {
    await auditSignIn(user, "user.sign_in_failed", { kind: challenge.kind, address: clientAddress, reason: "wrong_code" });
    throw AppError.validation({ code: [WRONG_CODE] }, WRONG_CODE);
  }
  if (method === "recovery_code") {
    const left = await prisma.recoveryCode.count({ where: { user_id: user.id, used_at: null } });
    await auditSignIn(user, "user.recovery_code_used", { kind: challenge.kind, address: clientAddress, left });
  }
  return method;
}
