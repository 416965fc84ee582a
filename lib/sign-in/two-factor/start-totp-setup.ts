import "server-only";
import { prisma } from "@/lib/db/client";
import { sealSecrets } from "@/lib/crypto/secret-box";
import { AppError } from "@/lib/errors/app-error";
import { newTotpSecret, totpEnrolment } from "./totp";

export interface TotpSetup {
  secret: string;
  otpauth_uri: string;
  qr_code_svg: string;
}

/**
 * A new authenticator for the user, waiting for its first code: the secret
 * (sealed at rest) and what the app scans. Starting again replaces one not
 * yet confirmed; a user who has one removes it first (409), so a stolen
 * session cannot quietly swap their authenticator for its own.
 */
export async function startTotpSetup(user: { id: number; email: string; organization_id: number }): Promise<TotpSetup> {
  const [confirmed, organization] = await Promise.all([
    prisma.userFactor.findFirst({ where: { user_id: user.id, kind: "totp", confirmed_at: { not: null } }, select: { id: true } }),
    prisma.organization.findUnique({ where: { id: user.organization_id }, select: { name: true } }),
  ]);
  if (confirmed) throw AppError.conflict("An authenticator app is already set up. Remove it first to set up another.");
  const secret = newTotpSecret();
  await prisma.$transaction([
    prisma.userFactor.deleteMany({ where: { user_id: user.id, kind: "totp", confirmed_at: null } }),
    prisma.userFactor.create({ data: { user_id: user.id, kind: "totp", name: "Authenticator app", secret_sealed: sealSecrets({ secret }) } }),
  ]);
  return { secret, ...(await totpEnrolment(secret, user.email, `${organization?.name ?? "Contact Center"} Contact Center`)) };
}
