import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { managedUserScope } from "@/lib/auth/scope";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { auditSignIn } from "@/lib/audit/audit-sign-in";
import type { SsoIdentity } from "./schemas";

// The identity a user's first single sign-on bound them to: the provider's
// subject (OIDC's sub, SAML's NameID). A sign-in with another subject for the
// same address is refused (other_identity), which is right for a stranger and
// wrong for a person whose directory changed their id (a re-hire, a NameID
// format changed at the provider): an admin sees the binding and unlinks it,
// and the person's next sign-in binds again (issue 63, point 4).

async function boundUser(actor: SessionUser, userId: number) {
  const user = await prisma.user.findFirst({
    where: { id: userId, ...managedUserScope(actor) },
    select: { id: true, organization_id: true, department_id: true, sso_subject: true, organization: { select: { sso_connection: { select: { protocol: true } } } } },
  });
  if (!user) throw AppError.notFound();
  return user;
}

/** GET /api/users/{id}/sso-identity. */
export async function getSsoIdentity({ actor, userId }: { actor: SessionUser; userId: number }): Promise<SsoIdentity> {
  const user = await boundUser(actor, userId);
  const protocol = (user.organization.sso_connection?.protocol ?? null) as SsoIdentity["protocol"];
  return { bound: user.sso_subject !== null, subject: user.sso_subject, protocol };
}

/** DELETE /api/users/{id}/sso-identity: the binding goes (audited with the subject it held); the next sign-in binds again. */
export async function unlinkSsoIdentity({ actor, userId }: { actor: SessionUser; userId: number }): Promise<void> {
  const user = await boundUser(actor, userId);
  if (user.sso_subject === null) return;
  // Only the binding that was read: a sign-in that bound another meanwhile is not undone unseen.
  const { count } = await prisma.user.updateMany({ where: { id: user.id, sso_subject: user.sso_subject }, data: { sso_subject: null } });
  if (count) await auditSignIn(user, "user.sso_unlinked", { subject: user.sso_subject }, actor.id);
}
