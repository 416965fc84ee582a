import "server-only";
import { prisma } from "@/lib/db/client";
import { issueToken, type TokenOrigin } from "@/lib/auth/tokens";
import { serializeUser, userSelect, type ApiUser } from "@/lib/users/serialize-user";
import { auditSignIn } from "@/lib/audit/audit-sign-in";
import { forgiveSignInAttempt } from "@/lib/net/rate-limit/sign-in-attempts";

export interface LoginResult {
  user: ApiUser;
  token: string;
}

/** Every factor given: the counts are forgiven, a token is issued, and the sign-in is in the audit log. */
export async function completeSignIn(
  user: { id: number; email: string; organization_id: number; department_id: number | null },
  origin: TokenOrigin,
  { method }: { method: "password" | "totp" | "recovery_code" | "passkey" | "sso" },
): Promise<LoginResult> {
  await forgiveSignInAttempt(user.email, origin.address ?? "");
  const token = await issueToken(user.id, prisma, "api", origin);
  await auditSignIn(user, "user.signed_in", {
    kind: origin.kind,
    address: origin.address,
    token_id: Number(token.split("|")[0]),
    second_factor: method === "password" || method === "sso" ? null : method,
    ...(method === "sso" && { method: "sso" }),
  });
  const updated = await prisma.user.update({ where: { id: user.id }, data: { last_login_at: new Date() }, select: userSelect });
  return { user: serializeUser(updated), token };
}
