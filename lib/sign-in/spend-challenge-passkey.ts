import "server-only";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { AppError } from "@/lib/errors/app-error";
import { auditSignIn } from "@/lib/audit/audit-sign-in";
import { checkPasskey } from "@/lib/sign-in/two-factor/passkey-assertion";
import { countChallengeAttempt } from "./spend-challenge-code";
import type { OpenChallenge } from "./open-challenge";

const WRONG_PASSKEY = "That passkey could not be used to sign in. Try again, or enter a recovery code.";

/**
 * A passkey's answer given for a sign-in's challenge: counted like a code,
 * then checked against the WebAuthn challenge this sign-in handed out
 * (POST /api/login/second-factor/passkey). A refused one is 422 and audited.
 */
export async function spendChallengePasskey(challenge: OpenChallenge, response: AuthenticationResponseJSON, clientAddress: string): Promise<"passkey"> {
  if (!challenge.webauthn_challenge) throw AppError.validation({ passkey: ["Ask for the passkey's options first (POST /api/login/second-factor/passkey)."] });
  await countChallengeAttempt(challenge, clientAddress);
  if (!(await checkPasskey(challenge.user.id, response, challenge.webauthn_challenge))) {
    await auditSignIn(challenge.user, "user.sign_in_failed", { kind: challenge.kind, address: clientAddress, reason: "wrong_passkey" });
    throw AppError.validation({ passkey: [WRONG_PASSKEY] }, WRONG_PASSKEY);
  }
  return "passkey";
}
