import "server-only";
import { prisma } from "@/lib/db/client";
import type { TokenOrigin } from "@/lib/auth/tokens";
import { spendTicket } from "@/lib/sso/sso-sign-in-row";
import { ssoRefusal } from "@/lib/sso/sso-refusal";
import { completeSignIn, type LoginResult } from "./complete-sign-in";

/**
 * The last step of a single sign-on: the ticket the provider's answer earned,
 * spent by the browser (or client) that started it → the session's token.
 * The identity provider is the second factor's keeper here: its own
 * multi-factor policy applies, and ours is not asked on top of it.
 */
export async function finishSingleSignOn({ ticket, state, origin }: { ticket: string; state: string | null | undefined; origin: TokenOrigin }): Promise<LoginResult> {
  const userId = await spendTicket(ticket, state);
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { id: true, email: true, organization_id: true, department_id: true, active: true } });
  if (!user?.active) throw ssoRefusal("inactive");
  return completeSignIn(user, origin, { method: "sso" });
}
