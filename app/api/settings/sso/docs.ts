import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Settings",
  summary: {
    GET: prose`The organization's single sign-on: protocol, domains, SSO only and its break-glass admin, creation of new agents,
      the provider's details (the client secret only as client_secret_set), and what to enter at the provider`,
    PUT: prose`Set up or change single sign-on (OpenID Connect: issuer, client id, write-only client secret; SAML: metadata
      address or XML); the provider's documents are read now`,
    DELETE: "Remove single sign-on: password sign-in works for everyone again",
  },
  description: {
    PUT: prose`Audited as settings.sso_changed (never the secret). A new domain is claimed pending: domain_claims gives the TXT
      record to publish, and POST /api/settings/sso/domains/{domain}/verify proves it; only verified domains route
      sign-ins, create users or keep the domain from other organizations. A domain kept keeps its claim. A domain
      another organization holds verified: 409. SSO only needs a break-glass admin; creating agents at their first
      sign-in needs their department.`,
  },
  responses: {
    PUT: {
      "409": "A domain is verified by another organization's single sign-on",
      "422": prose`Invalid settings, or the provider's discovery document or metadata could not be read or is not acceptable (named
        by field)`,
    },
    DELETE: { "404": "No single sign-on is set up" },
  },
};
