import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { auditSignIn } from "@/lib/audit/audit-sign-in";
import { countSignInAttempt, forgiveSignInAttempt } from "@/lib/net/rate-limit/sign-in-attempts";
import { checkCode, WRONG_CODE, type CodeMethod } from "./check-code";

/**
 * A signed-in user's code (their authenticator's, or a recovery code; the one
 * being set up when `setup`), counted as a sign-in attempt: a session left
 * open cannot guess its way past the factor. Wrong → 422, in the audit log.
 */
export async function spendOwnCode(actor: SessionUser, code: string, address: string, { setup = false } = {}): Promise<CodeMethod> {
  await countSignInAttempt(actor.email, address);
  const method = await checkCode(prisma, actor.id, code, { setup });
  if (!method) {
    await auditSignIn(actor, "user.sign_in_failed", { kind: "account", address, reason: "wrong_code" });
    throw AppError.validation({ code: [WRONG_CODE] }, WRONG_CODE);
  }
  await forgiveSignInAttempt(actor.email, address);
  return method;
}
