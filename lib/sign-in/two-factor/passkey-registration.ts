import "server-only";
import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { issueRecoveryCodes } from "./recovery-codes";
import { relyingParty } from "./relying-party";

const REGISTRATION_TTL_MS = 2 * 60_000;

type Owner = { id: number; email: string; name: string; organization_id: number; department_id: number | null };

/** The options the browser hands its authenticator to make a passkey; the challenge is kept two minutes. */
export async function startPasskeyRegistration(user: Owner) {
  const { rpID, rpName } = relyingParty();
  const existing = await prisma.userFactor.findMany({ where: { user_id: user.id, kind: "passkey" }, select: { credential_id: true, transports: true } });
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    attestationType: "none",
    userID: new TextEncoder().encode(`user-${user.id}`),
    // The same authenticator twice is refused by the browser itself.
    excludeCredentials: existing.map((f) => ({ id: f.credential_id!, transports: f.transports ? f.transports.split(",") : undefined })),
    // Verification (a PIN, a fingerprint) is asked for where the authenticator has it, and not required:
    // a passkey here is the second factor after the password, and a security key without a PIN is one (issue 63).
    authenticatorSelection: { residentKey: "discouraged", userVerification: "preferred" },
  });
  const expires_at = new Date(Date.now() + REGISTRATION_TTL_MS);
  await prisma.passkeyRegistration.upsert({
    where: { user_id: user.id },
    create: { user_id: user.id, challenge: options.challenge, expires_at },
    update: { challenge: options.challenge, expires_at },
  });
  return options;
}

/**
 * The authenticator's answer: checked against the kept challenge, this
 * origin and relying party, then stored as a confirmed factor. A user's first
 * factor comes with their recovery codes, answered this once.
 */
export async function finishPasskeyRegistration(user: Owner, { name, response }: { name: string; response: RegistrationResponseJSON }): Promise<{ recovery_codes: string[] | null }> {
  const { rpID, origin } = relyingParty();
  const registration = await prisma.passkeyRegistration.findUnique({ where: { user_id: user.id } });
  if (!registration || registration.expires_at <= new Date()) throw AppError.conflict("Adding the passkey took too long. Start again.");
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: registration.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    // As asked: preferred, so not required (the library's default requires it, which refused PIN-less keys).
    requireUserVerification: false,
  }).catch((error: Error) => {
    throw AppError.validation({ response: [`The passkey could not be checked: ${error.message}`] });
  });
  if (!verified.verified) throw AppError.validation({ response: ["The passkey could not be checked."] });
  const { credential } = verified.registrationInfo;
  return prisma.$transaction(async (tx) => {
    // The challenge is used once, whatever comes next.
    const used = await tx.passkeyRegistration.deleteMany({ where: { user_id: user.id, challenge: registration.challenge } });
    if (used.count === 0) throw AppError.conflict("This passkey was already added.");
    const first = (await tx.userFactor.count({ where: { user_id: user.id, confirmed_at: { not: null } } })) === 0;
    await tx.userFactor.create({
      data: {
        user_id: user.id,
        kind: "passkey",
        name,
        credential_id: credential.id,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        sign_count: credential.counter,
        transports: credential.transports?.join(",") ?? null,
        confirmed_at: new Date(),
      },
    });
    await writeAuditLog(tx, {
      organization_id: user.organization_id,
      department_id: user.department_id,
      user_id: user.id,
      action: "user.two_factor_enabled",
      subject_type: "user",
      subject_id: user.id,
      details: { factor: "passkey", name },
    });
    return { recovery_codes: first ? await issueRecoveryCodes(tx, user.id) : null };
  });
}
