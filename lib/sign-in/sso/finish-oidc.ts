import "server-only";
import { errors } from "openid-client";
import { logger } from "@/lib/logger";
import { oidcClient, oidcRedirectUri } from "./oidc-client";
import { issueTicket, takeAnswer } from "./sso-sign-in-row";
import { ssoRefusal } from "./sso-refusal";
import { userForIdentity } from "./sso-user";

/**
 * The provider sent the browser back (?code&state, or ?error&state): the
 * sign-in is taken once, the code exchanged with its PKCE verifier, and the
 * ID token checked by openid-client (signature by the provider's keys, issuer,
 * audience = our client id, expiry, nonce) → the ticket for that user.
 */
export async function finishOidc(callbackUrl: string): Promise<string> {
  const params = Object.fromEntries(new URL(callbackUrl).searchParams);
  const signIn = await takeAnswer(params.state);
  if (signIn.connection.protocol !== "oidc") throw ssoRefusal("expired");
  if (params.error) throw ssoRefusal("provider_refused");
  const client = await oidcClient(signIn.connection);
  let claims;
  try {
    const tokens = await client.callback(oidcRedirectUri(), params, { state: params.state, nonce: signIn.nonce ?? undefined, code_verifier: signIn.code_verifier ?? undefined });
    claims = tokens.claims();
  } catch (error) {
    // OPError: the provider refused the code (a replayed one, say); RPError: the ID token failed a check.
    logger.warn("single sign-on answer refused", { error: (error as Error).message, connection_id: signIn.connection.id });
    throw ssoRefusal(error instanceof errors.OPError ? "provider_refused" : "invalid_answer");
  }
  const user = await userForIdentity(signIn.connection, { subject: claims.sub, email: claims.email, name: claims.name, emailVerified: claims.email_verified });
  return issueTicket(signIn.id, user.id);
}
