import "server-only";
import { randomBytes } from "node:crypto";
import { prisma } from "@/lib/db/client";
import { hashToken, type TokenOrigin } from "@/lib/auth/tokens";
import { AppError } from "@/lib/errors/app-error";
import { getSettings } from "@/lib/settings/get-settings";
import type { SettingsValue } from "@/lib/settings/schemas";
import { twoFactorRequired } from "@/lib/sign-in/two-factor/policy";

export const CHALLENGE_TTL_MS = 5 * 60_000;

/** The user's confirmed second factors and their organization's security settings, when the caller has read them already (a password sign-in: find-sign-in-user.ts). */
export interface KnownFactors {
  factorKinds: string[];
  security: SettingsValue<"security">;
}

async function readFactors(user: { id: number; organization_id: number }): Promise<KnownFactors> {
  const [factors, security] = await Promise.all([
    prisma.userFactor.findMany({ where: { user_id: user.id, confirmed_at: { not: null } }, select: { kind: true } }),
    getSettings(user.organization_id, "security"),
  ]);
  return { factorKinds: factors.map((f) => f.kind), security };
}

/**
 * After a right password: null when the user signs in with it alone, else the
 * 401 that asks for the second factor. It carries a challenge (a secret the
 * client sends back with the code; the database keeps its hash) and says
 * whether the user must first set up an authenticator (their organization
 * requires a factor and they have none: they are walked through it now).
 * After a single sign-on (`onlyWhenSetUp`) only a factor the user has is
 * asked: the organization's policy is the identity provider's to apply there.
 */
export async function secondFactorChallenge(
  user: { id: number; role: string; organization_id: number },
  origin: TokenOrigin,
  { onlyWhenSetUp = false, known }: { onlyWhenSetUp?: boolean; known?: KnownFactors } = {},
): Promise<AppError | null> {
  const { factorKinds, security } = known ?? (await readFactors(user));
  const setUp = factorKinds.length > 0;
  const kinds = new Set(factorKinds);
  const { two_factor_required } = security;
  if (!setUp && (onlyWhenSetUp || !twoFactorRequired(user.role, two_factor_required))) return null;
  const secret = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  // The user's expired challenges are cleared as a new one starts, so the table holds only live ones.
  await prisma.signInChallenge.deleteMany({ where: { user_id: user.id, expires_at: { lt: new Date() } } });
  await prisma.signInChallenge.create({
    data: {
      user_id: user.id,
      secret_hash: hashToken(secret),
      kind: origin.kind,
      user_agent: origin.userAgent?.slice(0, 300) ?? null,
      address: origin.address?.slice(0, 64) ?? null,
      expires_at: expiresAt,
    },
  });
  const message = !setUp
    ? "Your organization requires a second factor: set up an authenticator app to finish signing in."
    : kinds.has("totp")
      ? "Enter the code from your authenticator app, or a recovery code."
      : "Use your passkey, or a recovery code.";
  const methods = setUp ? [...["totp", "passkey"].filter((k) => kinds.has(k)), "recovery_code"] : ["totp"];
  return new AppError("unauthenticated", message, {
    extra: { second_factor: { challenge: secret, setup_required: !setUp, methods, expires_at: expiresAt.toISOString() } },
  });
}
