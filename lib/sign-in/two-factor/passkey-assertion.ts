import "server-only";
import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { prisma } from "@/lib/db/client";
import { relyingParty } from "./relying-party";

/** The options a sign-in hands the browser to ask for one of the user's passkeys (null: they have none). */
export async function passkeyRequestOptions(userId: number) {
  const passkeys = await prisma.userFactor.findMany({ where: { user_id: userId, kind: "passkey" }, select: { credential_id: true, transports: true } });
  if (passkeys.length === 0) return null;
  return generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id!, transports: p.transports ? p.transports.split(",") : undefined })),
    userVerification: "preferred",
  });
}

/**
 * A passkey's answer to `expectedChallenge`: true when it is one of the
 * user's, signed this challenge for this origin and relying party, and its
 * counter moved on (an authenticator reporting a counter at or below the
 * stored one, other than the 0 of those that keep none, is a clone). The new
 * counter is stored in the same statement that checks it.
 */
export async function checkPasskey(userId: number, response: AuthenticationResponseJSON, expectedChallenge: string): Promise<boolean> {
  const factor = await prisma.userFactor.findFirst({ where: { user_id: userId, kind: "passkey", credential_id: response.id } });
  if (!factor?.public_key) return false;
  const { rpID, origin } = relyingParty();
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    // As the options ask: preferred, not required (passkey-registration.ts says why).
    requireUserVerification: false,
    credential: { id: factor.credential_id!, publicKey: isoBase64URL.toBuffer(factor.public_key), counter: Number(factor.sign_count ?? 0), transports: factor.transports?.split(",") as never },
  }).catch(() => null);
  if (!result?.verified) return false;
  const { newCounter } = result.authenticationInfo;
  const stored = Number(factor.sign_count ?? 0);
  const moved = await prisma.userFactor.updateMany({
    where: { id: factor.id, ...(newCounter > 0 || stored > 0 ? { sign_count: { lt: newCounter } } : {}) },
    data: { sign_count: newCounter, last_used_at: new Date() },
  });
  return moved.count === 1;
}
