import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { directoryMaySetPassword } from "@/lib/auth/permissions";
import type { Tx } from "@/lib/db/client";
import type { Role } from "@/lib/generated/prisma/enums";
import { isLastAccountAdmin } from "@/lib/users/is-last-account-admin";
import { ScimFailure } from "./scim-failure";

// A directory provisions people; it does not administer the organization
// (issue 59). Whoever holds a key with the scim scope is not an admin of it.

/** Only an agent's password is the directory's to set (403 otherwise): anyone's above would let the key's holder sign in as them. */
export function refuseDirectoryPassword(role: Role): void {
  if (!directoryMaySetPassword(role)) throw new ScimFailure(403, "A directory sets agents' passwords only: a manager or an admin sets their own (or signs in with single sign-on).");
}

/** Never the last active account admin (409): nobody would be left to manage the organization's people, settings and keys. */
export async function refuseLastAccountAdmin(tx: Tx, actor: SessionUser, userId: number): Promise<void> {
  if (await isLastAccountAdmin(tx, actor.organization_id, userId)) {
    throw new ScimFailure(
      409,
      "This is the organization's last active account admin: make another person an account admin (Users) before the directory deactivates or deletes this one.",
      "mutability",
    );
  }
}
