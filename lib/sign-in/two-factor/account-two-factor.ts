import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { getSettings } from "@/lib/settings/get-settings";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { auditSignIn } from "@/lib/audit/audit-sign-in";
import { confirmTotp } from "./confirm-totp";
import { issueRecoveryCodes } from "./recovery-codes";
import { twoFactorRequired } from "./policy";
import { currentProof, requireRecentProof } from "./identity-proof";
import { spendOwnCode } from "./spend-own-code";
import { startTotpSetup } from "./start-totp-setup";
import { finishPasskeyRegistration, startPasskeyRegistration } from "./passkey-registration";

// A signed-in user's own second factor (Your account → Two-factor sign-in).
// Each change (adding, removing, renewing) needs the current factor: a code
// given with it, or a proof this session made in the last five minutes
// (identity-proof.ts), counted as a sign-in attempt. A session left open on a
// shared screen cannot add its own factor, turn the owner's off, nor read new
// recovery codes, without the owner's phone or key (issue 59, point 3).

/** What the account page shows: the authenticator, the recovery codes left, whether the organization requires a factor. */
export async function twoFactorStatus(actor: SessionUser) {
  const [factors, left, { two_factor_required }, proof] = await Promise.all([
    prisma.userFactor.findMany({
      where: { user_id: actor.id, confirmed_at: { not: null } },
      select: { id: true, kind: true, name: true, created_at: true, confirmed_at: true, last_used_at: true },
      orderBy: { id: "asc" },
    }),
    prisma.recoveryCode.count({ where: { user_id: actor.id, used_at: null } }),
    getSettings(actor.organization_id, "security"),
    currentProof(actor),
  ]);
  const totp = factors.find((f) => f.kind === "totp");
  return {
    totp: totp ? { confirmed_at: totp.confirmed_at!.toISOString(), last_used_at: totp.last_used_at?.toISOString() ?? null } : null,
    passkeys: factors.filter((f) => f.kind === "passkey").map((f) => ({ id: f.id, name: f.name, created_at: f.created_at.toISOString(), last_used_at: f.last_used_at?.toISOString() ?? null })),
    recovery_codes_left: factors.length > 0 ? left : 0,
    required: twoFactorRequired(actor.role, two_factor_required),
    proved_until: proof.provedUntil?.toISOString() ?? null,
    proof_methods: proof.methods,
  };
}

/** The first code of the authenticator being set up: it counts from now; the recovery codes are answered once. */
export async function confirmOwnTotp(actor: SessionUser, code: string, address: string): Promise<{ recovery_codes: string[] }> {
  await spendOwnCode(actor, code, address, { setup: true });
  return { recovery_codes: await prisma.$transaction((tx) => confirmTotp(tx, actor, { during: "account" })) };
}

/**
 * Removes one of the user's factors (their authenticator app, or a passkey)
 * for a current code. The last one goes with the recovery codes, and is
 * refused while the organization requires a factor of this user.
 */
async function removeOwnFactor(actor: SessionUser, where: { kind: "totp" } | { id: number; kind: "passkey" }, code: string | undefined, address: string): Promise<void> {
  const factors = await prisma.userFactor.findMany({ where: { user_id: actor.id, confirmed_at: { not: null } }, select: { id: true, kind: true } });
  const target = factors.find((f) => f.kind === where.kind && ("id" in where ? f.id === where.id : true));
  if (!target) throw AppError.notFound();
  const last = factors.length === 1;
  const { two_factor_required } = await getSettings(actor.organization_id, "security");
  if (last && twoFactorRequired(actor.role, two_factor_required))
    throw AppError.conflict("Your organization requires a second factor: your last one cannot be removed. An admin can reset it if you lost your phone.");
  await requireRecentProof(actor, { code, address });
  await prisma.$transaction([prisma.userFactor.deleteMany({ where: { id: target.id, user_id: actor.id } }), ...(last ? [prisma.recoveryCode.deleteMany({ where: { user_id: actor.id } })] : [])]);
  await auditSignIn(actor, "user.two_factor_disabled", { address, factor: target.kind, last });
}

/** Turns the authenticator app off. */
export const removeOwnTotp = (actor: SessionUser, code: string | undefined, address: string) => removeOwnFactor(actor, { kind: "totp" }, code, address);

/** Removes one of the user's passkeys. */
export const removeOwnPasskey = (actor: SessionUser, id: number, code: string | undefined, address: string) => removeOwnFactor(actor, { id, kind: "passkey" }, code, address);

/** Ten new recovery codes in place of the old ones (all of which stop working). */
export async function renewOwnRecoveryCodes(actor: SessionUser, code: string | undefined, address: string): Promise<{ recovery_codes: string[] }> {
  const factor = await prisma.userFactor.findFirst({ where: { user_id: actor.id, confirmed_at: { not: null } }, select: { id: true } });
  if (!factor) throw AppError.conflict("Set up an authenticator app or a passkey first: recovery codes stand in for it.");
  await requireRecentProof(actor, { code, address });
  const recovery_codes = await prisma.$transaction((tx) => issueRecoveryCodes(tx, actor.id));
  await auditSignIn(actor, "user.recovery_codes_renewed", { address });
  return { recovery_codes };
}

/** Starts setting up an authenticator app: only for a session that proved its user (their password while they have no factor). */
export async function startOwnTotp(actor: SessionUser, address: string) {
  await requireRecentProof(actor, { address });
  return startTotpSetup(actor);
}

/** The options for adding a passkey, to a session that proved its user. */
export async function startOwnPasskey(actor: SessionUser, address: string) {
  await requireRecentProof(actor, { address });
  return startPasskeyRegistration(actor);
}

/** Keeps the passkey the authenticator made, for a session that still holds its proof. */
export async function addOwnPasskey(actor: SessionUser, input: { name: string; response: RegistrationResponseJSON }, address: string) {
  await requireRecentProof(actor, { address });
  return finishPasskeyRegistration(actor, input);
}
