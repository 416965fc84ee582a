import "server-only";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import type { UserRow } from "@/lib/auth/session-user";
import { Prisma } from "@/lib/generated/prisma/client";
import { userSelect } from "@/lib/users/serialize-user";
import { settingsFrom } from "@/lib/settings/get-settings";
import type { SettingsValue } from "@/lib/settings/schemas";

/** What a password sign-in decides on, read in one statement. */
export interface SignInUser {
  user: UserRow & { password_hash: string | null };
  /** Their organization signs in through its identity provider only, and they are not its break-glass admin. */
  passwordRefused: boolean;
  /** The kinds of second factor they have confirmed (totp, passkey). */
  factorKinds: string[];
  security: SettingsValue<"security">;
}

// The user object's columns (userSelect), so the two lists cannot drift apart; the role enum as text, as Prisma gives it.
const USER_COLUMNS = Prisma.raw(
  Object.keys(userSelect)
    .map((column) => (column === "role" ? "u.role::text AS role" : `u.${column}`))
    .join(", "),
);

/**
 * The account behind an email with everything a password sign-in then asks:
 * whether single sign-on refuses it a password, its second factors, and its
 * organization's security settings. One statement instead of four (issue 60:
 * a sign-in was ten statements, and the suites sign in thousands of times).
 * Read before the password is checked, but used only after, as before.
 */
export async function findSignInUser(email: string): Promise<SignInUser | null> {
  const rows = await runSql(prisma, { secrets: true }).rows<UserRow & { password_hash: string | null; password_refused: boolean; factor_kinds: string[]; security: unknown }>`
    SELECT ${USER_COLUMNS}, u.password_hash,
           COALESCE(c.enabled AND c.sso_only AND c.break_glass_user_id IS DISTINCT FROM u.id, false) AS password_refused,
           ARRAY(SELECT f.kind FROM user_factors f WHERE f.user_id = u.id AND f.confirmed_at IS NOT NULL) AS factor_kinds,
           (SELECT s.value FROM settings s WHERE s.organization_id = u.organization_id AND s.key = 'security') AS security
    FROM users u LEFT JOIN sso_connections c ON c.organization_id = u.organization_id
    WHERE u.email = ${email}`;
  const row = rows[0];
  if (!row) return null;
  const { password_refused, factor_kinds, security, ...user } = row;
  return { user, passwordRefused: password_refused, factorKinds: factor_kinds, security: settingsFrom("security", security) };
}
