import "server-only";
import { Issuer, custom, type BaseClient } from "openid-client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { openSecrets } from "@/lib/crypto/secret-box";
import { providerAddressProblem, providerLookup } from "./provider-address";

// openid-client (panva's certified relying party) does the protocol: discovery,
// the authorization URL with PKCE, the code exchange, and the ID token's
// checks (signature against the provider's published keys, issuer, audience,
// expiry, nonce). Every request it makes connects through providerLookup.
custom.setHttpOptionsDefaults({ lookup: providerLookup, timeout: 5000 });

/** Where providers send the browser back: one address for every organization (the state says whose sign-in it is). */
export const oidcRedirectUri = () => `${env().APP_URL}/api/sso/oidc/callback`;

const DISCOVERY_TTL_MS = 10 * 60_000;
const discovered = new Map<string, { issuer: Issuer<BaseClient>; at: number }>();

const sameIssuer = (a: string, b: string) => a.replace(/\/+$/, "") === b.replace(/\/+$/, "");

/**
 * The provider's discovery document, read at most every ten minutes per
 * issuer (its keys are fetched by the issuer and again on an unknown key id).
 * The document must name the issuer entered, and its endpoints must pass the
 * same address checks as the issuer.
 */
export async function discoverIssuer(issuerUrl: string, { fresh = false } = {}): Promise<Issuer<BaseClient>> {
  const cached = discovered.get(issuerUrl);
  if (!fresh && cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.issuer;
  const refuse = (why: string) => AppError.validation({ issuer: [why] });
  const problem = await providerAddressProblem(issuerUrl);
  if (problem) throw refuse(`The issuer ${problem}.`);
  let issuer: Issuer<BaseClient>;
  try {
    issuer = await Issuer.discover(`${issuerUrl.replace(/\/+$/, "")}/.well-known/openid-configuration`);
  } catch (error) {
    throw refuse(`The provider's discovery document could not be read (${(error as Error).message}).`);
  }
  if (!sameIssuer(String(issuer.metadata.issuer), issuerUrl)) throw refuse(`The provider calls itself ${issuer.metadata.issuer}, not ${issuerUrl}.`);
  for (const endpoint of ["authorization_endpoint", "token_endpoint", "jwks_uri"] as const) {
    const address = issuer.metadata[endpoint];
    if (typeof address !== "string") throw refuse(`The provider's discovery document has no ${endpoint}.`);
    const endpointProblem = await providerAddressProblem(address);
    if (endpointProblem) throw refuse(`The provider's ${endpoint} ${endpointProblem}.`);
  }
  discovered.set(issuerUrl, { issuer, at: Date.now() });
  return issuer;
}

/** The relying party for one organization's connection. */
export async function oidcClient(connection: { oidc_issuer: string | null; oidc_client_id: string | null; oidc_secret_sealed: string | null }): Promise<BaseClient> {
  if (!connection.oidc_issuer || !connection.oidc_client_id) throw AppError.validation({ issuer: ["Single sign-on is not set up."] });
  const issuer = await discoverIssuer(connection.oidc_issuer);
  const secret = openSecrets(connection.oidc_secret_sealed).client_secret;
  return new issuer.Client({
    client_id: connection.oidc_client_id,
    client_secret: secret,
    redirect_uris: [oidcRedirectUri()],
    response_types: ["code"],
    token_endpoint_auth_method: secret ? "client_secret_basic" : "none",
  });
}
