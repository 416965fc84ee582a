import "server-only";
import { generators } from "openid-client";
import { countSignInAttempt } from "@/lib/net/rate-limit/sign-in-attempts";
import { connectionForEmail } from "./find-connection";
import { oidcClient } from "./oidc-client";
import { samlAuthorizeUrl } from "./saml-service-provider";
import { openSsoSignIn, randomSecret } from "./sso-sign-in-row";
import { ssoRefusal } from "./sso-refusal";

/**
 * The first step of a single sign-on: the address → where to send the
 * browser. OpenID Connect: the authorization code flow with PKCE, a state and
 * a nonce; SAML: an AuthnRequest by redirect, the state as RelayState. The
 * state comes back as the browser's cookie, which alone may spend the ticket
 * the provider's answer earns. Each start counts against the sign-in limits.
 */
export async function startSso({ email, clientAddress }: { email: string; clientAddress: string }): Promise<{ redirect_url: string; state: string; protocol: "oidc" | "saml" }> {
  await countSignInAttempt(email, clientAddress);
  const connection = await connectionForEmail(email);
  if (!connection) throw ssoRefusal("unavailable");
  const state = randomSecret();
  if (connection.protocol === "saml") {
    const { url, requestId } = await samlAuthorizeUrl(connection, state, email);
    await openSsoSignIn(connection.id, { state, saml_request_id: requestId });
    return { redirect_url: url, state, protocol: "saml" };
  }
  const client = await oidcClient(connection);
  const nonce = randomSecret();
  const codeVerifier = generators.codeVerifier();
  await openSsoSignIn(connection.id, { state, nonce, code_verifier: codeVerifier });
  const url = client.authorizationUrl({ scope: "openid email profile", state, nonce, code_challenge: generators.codeChallenge(codeVerifier), code_challenge_method: "S256", login_hint: email });
  return { redirect_url: url, state, protocol: "oidc" };
}
