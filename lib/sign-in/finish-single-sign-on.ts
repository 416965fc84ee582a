import "server-only";
import { prisma } from "@/lib/db/client";
import { maySignInThroughConnection } from "@/lib/auth/permissions";
import type { TokenOrigin } from "@/lib/auth/tokens";
import { spendTicket } from "@/lib/sign-in/sso/sso-sign-in-row";
import { ssoRefusal } from "@/lib/sign-in/sso/sso-refusal";
import { completeSignIn, type LoginResult } from "./complete-sign-in";
import { secondFactorChallenge } from "./second-factor-challenge";

/**
 * The last step of a single sign-on: the ticket the provider's answer earned,
 * spent by the browser (or client) that started it → the session's token, or
 * the 401 that asks for the second factor the user set up here (issue 59,
 * point 1): a provider vouches for who someone is, not for how they proved
 * it, unless the organization says it enforces multi-factor itself.
 * The user is checked again against the connection that vouched: its own
 * organization's people, no higher than its admin.
 */
export async function finishSingleSignOn({ ticket, state, origin }: { ticket: string; state: string | null | undefined; origin: TokenOrigin }): Promise<LoginResult> {
  const { userId, connectionId } = await spendTicket(ticket, state);
  const [user, connection] = await Promise.all([
    prisma.user.findUnique({ where: { id: userId }, select: { id: true, email: true, role: true, organization_id: true, department_id: true, active: true } }),
    prisma.ssoConnection.findUnique({ where: { id: connectionId }, select: { organization_id: true, idp_enforces_mfa: true } }),
  ]);
  if (!user?.active) throw ssoRefusal("inactive");
  if (!connection || connection.organization_id !== user.organization_id || !maySignInThroughConnection(user.role)) throw ssoRefusal("above_connection");
  if (!connection.idp_enforces_mfa) {
    const challenge = await secondFactorChallenge(user, origin, { onlyWhenSetUp: true });
    if (challenge) throw challenge;
  }
  return completeSignIn(user, origin, { method: "sso" });
}
