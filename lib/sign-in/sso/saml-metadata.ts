import { DOMParser } from "@xmldom/xmldom";

const MD = "urn:oasis:names:tc:SAML:2.0:metadata";
const DS = "http://www.w3.org/2000/09/xmldsig#";
const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";

export interface IdpMetadata {
  entity_id: string;
  sso_url: string;
  /** The signing certificates, PEM, one after another. */
  certificate: string;
}

/** A certificate's base64 body (as metadata and admins give it) → PEM. */
export function toPem(body: string): string {
  const bare = body.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
  return `-----BEGIN CERTIFICATE-----\n${bare.match(/.{1,64}/g)?.join("\n") ?? ""}\n-----END CERTIFICATE-----`;
}

/** The PEM certificates a text holds, one per block. */
export function splitCertificates(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)?.map(toPem) ?? [];
}

/**
 * What a SAML identity provider's metadata says we need: its entity id, its
 * single sign-on address for the redirect binding, and its signing
 * certificates. Null with the reason when it lacks one.
 */
export function parseIdpMetadata(xml: string): IdpMetadata | string {
  let doc: Document;
  try {
    doc = new DOMParser({ errorHandler: { error: () => {}, fatalError: () => {}, warning: () => {} } }).parseFromString(xml, "text/xml") as unknown as Document;
  } catch {
    return "is not XML";
  }
  const descriptor = doc?.getElementsByTagNameNS(MD, "EntityDescriptor")[0];
  const entityId = descriptor?.getAttribute("entityID");
  if (!descriptor || !entityId) return "has no EntityDescriptor with an entityID";
  const idp = descriptor.getElementsByTagNameNS(MD, "IDPSSODescriptor")[0];
  if (!idp) return "describes no identity provider (IDPSSODescriptor)";
  const services = Array.from(idp.getElementsByTagNameNS(MD, "SingleSignOnService"));
  const sso = services.find((service) => service.getAttribute("Binding") === REDIRECT_BINDING);
  if (!sso?.getAttribute("Location")) return "offers no single sign-on address for the HTTP-Redirect binding";
  const keys = Array.from(idp.getElementsByTagNameNS(MD, "KeyDescriptor")).filter((key) => (key.getAttribute("use") ?? "signing") === "signing");
  const certificates = keys.flatMap((key) => Array.from(key.getElementsByTagNameNS(DS, "X509Certificate")).map((node) => toPem(node.textContent ?? "")));
  if (certificates.length === 0) return "has no signing certificate";
  return { entity_id: entityId, sso_url: sso.getAttribute("Location") as string, certificate: certificates.join("\n") };
}
