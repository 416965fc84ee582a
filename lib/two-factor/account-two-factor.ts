import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { getSettings } from "@/lib/settings/get-settings";
import { auditSignIn } from "@/lib/audit/audit-sign-in";
import { countSignInAttempt, forgiveSignInAttempt } from "@/lib/rate-limit/sign-in-attempts";
import { checkCode, WRONG_CODE } from "./check-code";
import { confirmTotp } from "./confirm-totp";
import { issueRecoveryCodes } from "./recovery-codes";
import { twoFactorRequired } from "./policy";

// A signed-in user's own second factor (Your account → Two-factor sign-in).
// Each change asks for a current code, counted as a sign-in attempt: a
// session left open on a shared screen cannot turn the factor off, nor read
// new recovery codes, without the phone.

/** What the account page shows: the authenticator, the recovery codes left, whether the organization requires a factor. */
export async function twoFactorStatus(actor: SessionUser) {
  const [factor, left, { two_factor_required }] = await Promise.all([
    prisma.userFactor.findFirst({ where: { user_id: actor.id, kind: "totp", confirmed_at: { not: null } }, select: { confirmed_at: true, last_used_at: true } }),
    prisma.recoveryCode.count({ where: { user_id: actor.id, used_at: null } }),
    getSettings(actor.organization_id, "security"),
  ]);
  return {
    totp: factor ? { confirmed_at: factor.confirmed_at!.toISOString(), last_used_at: factor.last_used_at?.toISOString() ?? null } : null,
    recovery_codes_left: factor ? left : 0,
    required: twoFactorRequired(actor.role, two_factor_required),
  };
}

async function spendOwnCode(actor: SessionUser, code: string, address: string, { setup = false } = {}) {
  await countSignInAttempt(actor.email, address);
  const method = await checkCode(prisma, actor.id, code, { setup });
  if (!method) {
    await auditSignIn(actor, "user.sign_in_failed", { kind: "account", address, reason: "wrong_code" });
    throw AppError.validation({ code: [WRONG_CODE] }, WRONG_CODE);
  }
  await forgiveSignInAttempt(actor.email, address);
  return method;
}

/** The first code of the authenticator being set up: it counts from now; the recovery codes are answered once. */
export async function confirmOwnTotp(actor: SessionUser, code: string, address: string): Promise<{ recovery_codes: string[] }> {
  await spendOwnCode(actor, code, address, { setup: true });
  return { recovery_codes: await prisma.$transaction((tx) => confirmTotp(tx, actor, { during: "account" })) };
}

/** Turns the authenticator off (and spends the recovery codes with it); refused while the organization requires a factor of this user. */
export async function removeOwnTotp(actor: SessionUser, code: string, address: string): Promise<void> {
  const { two_factor_required } = await getSettings(actor.organization_id, "security");
  if (twoFactorRequired(actor.role, two_factor_required)) throw AppError.conflict("Your organization requires a second factor: it cannot be turned off. An admin can reset it if you lost your phone.");
  await spendOwnCode(actor, code, address);
  await prisma.$transaction([prisma.userFactor.deleteMany({ where: { user_id: actor.id } }), prisma.recoveryCode.deleteMany({ where: { user_id: actor.id } })]);
  await auditSignIn(actor, "user.two_factor_disabled", { address });
}

/** Ten new recovery codes in place of the old ones (all of which stop working). */
export async function renewOwnRecoveryCodes(actor: SessionUser, code: string, address: string): Promise<{ recovery_codes: string[] }> {
  const factor = await prisma.userFactor.findFirst({ where: { user_id: actor.id, confirmed_at: { not: null } }, select: { id: true } });
  if (!factor) throw AppError.conflict("Set up an authenticator app first: recovery codes stand in for it.");
  await spendOwnCode(actor, code, address);
  const recovery_codes = await prisma.$transaction((tx) => issueRecoveryCodes(tx, actor.id));
  await auditSignIn(actor, "user.recovery_codes_renewed", { address });
  return { recovery_codes };
}
