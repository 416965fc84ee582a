import "server-only";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { passkeyRequestOptions } from "@/lib/sign-in/two-factor/passkey-assertion";
import { openChallenge } from "./open-challenge";

/**
 * A sign-in that will finish with a passkey asks for the WebAuthn options
 * first: they name the user's passkeys and a fresh challenge, kept on the
 * sign-in's own challenge so the answer is good for this sign-in only.
 */
export async function passkeyOptionsAtSignIn(secret: string) {
  const challenge = await openChallenge(secret, "either");
  const options = await passkeyRequestOptions(challenge.user.id);
  if (!options) throw AppError.conflict("This account has no passkey: enter a code instead.");
  await prisma.signInChallenge.update({ where: { id: challenge.id }, data: { webauthn_challenge: options.challenge } });
  return options;
}
