import "server-only";
import { randomBytes } from "node:crypto";
import { DOMParser } from "@xmldom/xmldom";
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from "@node-saml/node-saml";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { splitCertificates } from "./saml-metadata";

// SAML 2.0 with @node-saml/node-saml: the AuthnRequest by redirect, and the
// response's checks: the assertion signed by one of the provider's
// certificates, its audience (our entity id), its time window, and
// InResponseTo naming the request this very sign-in sent (a replayed response
// finds its sign-in already answered, and another sign-in's request id is not
// its own). node-saml does not check where the response was meant to go, so
// the Destination and every Recipient are checked here.

const ASSERTION = "urn:oasis:names:tc:SAML:2.0:assertion";

export const samlAcsUrl = () => `${env().APP_URL}/api/sso/saml/acs`;
/** Our entity id for one organization: also the address of our metadata, which providers read. */
export const samlEntityId = (organizationId: number) => `${env().APP_URL}/api/sso/saml/metadata/${organizationId}`;

type Connection = { organization_id: number; saml_sso_url: string | null; saml_certificate: string | null; saml_entity_id: string | null };

/** node-saml keeps request ids in a cache; ours is the sign-in's row, so this one holds only the request this sign-in sent. */
function oneRequest(expected: string | null, saved: (id: string) => void): CacheProvider {
  return {
    saveAsync: async (key, value) => (saved(key), { value, createdAt: Date.now() }),
    // The sign-in's own time limit was checked when its row was taken: the request counts as just made.
    getAsync: async (key) => (expected !== null && key === expected ? new Date().toISOString() : null),
    removeAsync: async (key) => key,
  };
}

function samlFor(connection: Connection, expectedRequestId: string | null, saved: (id: string) => void = () => {}, loginHint?: string) {
  if (!connection.saml_sso_url || !connection.saml_certificate) throw AppError.validation({ saml: ["Single sign-on is not set up."] });
  return new SAML({
    entryPoint: connection.saml_sso_url,
    issuer: samlEntityId(connection.organization_id),
    audience: samlEntityId(connection.organization_id),
    callbackUrl: samlAcsUrl(),
    idpCert: splitCertificates(connection.saml_certificate),
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: 60_000,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: 10 * 60_000,
    cacheProvider: oneRequest(expectedRequestId, saved),
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    generateUniqueId: () => `_${randomBytes(20).toString("hex")}`,
    // Entra ID, Okta and Keycloak fill their sign-in page's address field from it.
    additionalAuthorizeParams: loginHint ? { login_hint: loginHint } : {},
  });
}

/** Where to send the browser, and the id of the request sent (the answer must name it). */
export async function samlAuthorizeUrl(connection: Connection, relayState: string, loginHint: string): Promise<{ url: string; requestId: string }> {
  let requestId = "";
  const url = await samlFor(connection, null, (id) => (requestId = id), loginHint).getAuthorizeUrlAsync(relayState, undefined, {});
  return { url, requestId };
}

/** Every place the response says it was meant for is our assertion consumer address. */
function meantForUs(xml: string): boolean {
  const doc = new DOMParser({ errorHandler: { error: () => {}, fatalError: () => {}, warning: () => {} } }).parseFromString(xml, "text/xml") as unknown as Document;
  const acs = samlAcsUrl();
  const destination = doc.documentElement?.getAttribute("Destination");
  if (destination && destination !== acs) return false;
  const confirmations = Array.from(doc.getElementsByTagNameNS(ASSERTION, "SubjectConfirmationData"));
  return confirmations.length > 0 && confirmations.every((data) => data.getAttribute("Recipient") === acs);
}

/** The checked response's profile, or the reason it was refused. */
export async function validateSamlResponse(connection: Connection, requestId: string | null, samlResponse: string): Promise<Profile | string> {
  let profile: Profile | null;
  try {
    ({ profile } = await samlFor(connection, requestId).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    return (error as Error).message;
  }
  if (!profile) return "no profile in the response";
  if (profile.issuer !== connection.saml_entity_id) return `issued by ${profile.issuer}, not ${connection.saml_entity_id}`;
  if (!meantForUs(Buffer.from(samlResponse, "base64").toString("utf8"))) return "meant for another recipient";
  return profile;
}

/** Our metadata for one organization: what an admin gives their provider. */
export function serviceProviderMetadata(organizationId: number): string {
  return new SAML({ issuer: samlEntityId(organizationId), callbackUrl: samlAcsUrl(), idpCert: "unused", wantAssertionsSigned: true, identifierFormat: null }).generateServiceProviderMetadata(
    null,
    null,
  );
}
