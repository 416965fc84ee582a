import "server-only";
import { logger } from "@/lib/logger";
import { validateSamlResponse } from "./saml-service-provider";
import { issueTicket, takeAnswer } from "./sso-sign-in-row";
import { ssoRefusal } from "./sso-refusal";
import { userForIdentity } from "./sso-user";

const CLAIMS = "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/";
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const TRANSIENT_FORMAT = "urn:oasis:names:tc:SAML:2.0:nameid-format:transient";

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/**
 * The provider posted its response to our assertion consumer address: the
 * sign-in (its RelayState) is taken once, the response checked, and the
 * person it names → the ticket. The address comes from the usual attributes
 * (Okta's email, Entra ID's claims URI, Google's and Keycloak's), or from the
 * NameID when that is an email address.
 */
export async function finishSaml({ samlResponse, relayState }: { samlResponse: string | null; relayState: string | null }): Promise<string> {
  const signIn = await takeAnswer(relayState);
  if (signIn.connection.protocol !== "saml" || !samlResponse) throw ssoRefusal("expired");
  const profile = await validateSamlResponse(signIn.connection, signIn.saml_request_id, samlResponse);
  if (typeof profile === "string") {
    logger.warn("single sign-on answer refused", { error: profile, connection_id: signIn.connection.id });
    throw ssoRefusal("invalid_answer");
  }
  const email = text(profile.email) ?? text(profile.mail) ?? text(profile[`${CLAIMS}emailaddress`]) ?? (profile.nameIDFormat === EMAIL_FORMAT ? text(profile.nameID) : null);
  const name = text(profile.displayName) ?? text(profile[`${CLAIMS}name`]) ?? ([text(profile.firstName), text(profile.lastName)].filter(Boolean).join(" ") || null);
  // A transient NameID changes with every sign-in: the address is the only stable thing then.
  const subject = profile.nameIDFormat === TRANSIENT_FORMAT ? `email:${email}` : profile.nameID;
  const user = await userForIdentity(signIn.connection, { subject, email, name });
  return issueTicket(signIn.id, user.id);
}
