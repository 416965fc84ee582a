import "server-only";
import { prisma } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { auditSignIn } from "@/lib/audit/audit-sign-in";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { emailDomain } from "./find-connection";
import { randomSecret } from "./sso-sign-in-row";
import { ssoRefusal } from "./sso-refusal";
import { maySignInThroughConnection } from "@/lib/auth/permissions";

export interface VouchedIdentity {
  /** The provider's stable id for the person (OpenID's sub, SAML's NameID). */
  subject: string;
  email: string | null | undefined;
  name?: string | null;
  /** false when the provider says it has not checked the address. */
  emailVerified?: boolean;
}

type Connection = { id: number; organization_id: number; create_users: boolean; new_user_department_id: number | null };

/**
 * The user a provider vouched for, in the connection's organization only:
 * found by the subject bound at their first single sign-on, else by email
 * (binding the subject then), else created as an agent when the organization
 * allows it. An address outside the connection's domains, an unverified one,
 * a deactivated user or an email already bound to another subject is refused.
 */
export async function userForIdentity(connection: Connection, identity: VouchedIdentity) {
  const email = identity.email?.trim().toLowerCase();
  if (!email || identity.emailVerified === false) throw ssoRefusal("invalid_answer");
  const covered = await prisma.ssoDomain.findFirst({ where: { domain: emailDomain(email), connection_id: connection.id, verified_at: { not: null } }, select: { domain: true } });
  if (!covered) throw ssoRefusal("not_covered");
  const select = { id: true, email: true, organization_id: true, department_id: true, active: true, sso_subject: true, role: true } as const;
  const user =
    (await prisma.user.findFirst({ where: { organization_id: connection.organization_id, sso_subject: identity.subject }, select })) ?? (await prisma.user.findUnique({ where: { email }, select }));
  if (user) {
    if (user.organization_id !== connection.organization_id) throw ssoRefusal("no_account");
    // An organization's provider vouches for that organization's people only: a role above the
    // organization (the super admin, who administers every tenant) never signs in through it,
    // whatever address the provider asserts (issue 59, point 1).
    if (!maySignInThroughConnection(user.role)) {
      await auditSignIn(user, "user.sign_in_failed", { method: "sso", reason: "above_connection" });
      throw ssoRefusal("above_connection");
    }
    if (user.sso_subject && user.sso_subject !== identity.subject) {
      await auditSignIn(user, "user.sign_in_failed", { method: "sso", reason: "other_identity" });
      throw ssoRefusal("other_identity");
    }
    if (!user.active) {
      await auditSignIn(user, "user.sign_in_failed", { method: "sso", reason: "inactive" });
      throw ssoRefusal("inactive");
    }
    if (!user.sso_subject) await prisma.user.update({ where: { id: user.id }, data: { sso_subject: identity.subject } });
    return user;
  }
  if (!connection.create_users || !connection.new_user_department_id) throw ssoRefusal("no_account");
  // No password anyone knows: this user signs in through the provider (or is given one by an admin).
  const created = await prisma.user.create({
    data: {
      organization_id: connection.organization_id,
      department_id: connection.new_user_department_id,
      role: "agent",
      email,
      name: identity.name?.trim().slice(0, 255) || email,
      password_hash: await hashPassword(randomSecret()),
      sso_subject: identity.subject,
    },
    select,
  });
  await writeAuditLog(prisma, {
    organization_id: created.organization_id,
    department_id: created.department_id,
    user_id: created.id,
    action: "user.created_by_sso",
    subject_type: "user",
    subject_id: created.id,
    details: { email, connection_id: connection.id },
  });
  return created;
}
