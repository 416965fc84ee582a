import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    POST: prose`Start a single sign-on for a work address: where to send the browser (the organization's OpenID Connect or SAML
      provider) and the sign-in's state, also set as a cookie`,
  },
  description: {
    POST: prose`No authentication. The address's domain must be covered by an organization's single sign-on (and the address not a
      user of another organization): otherwise 422 with errors.sso. The provider sends the browser back to
      /api/sso/oidc/callback or /api/sso/saml/acs, which redirect to /login/sso?ticket=… (or /login?sso_error=reason).
      Counts against the login limits.`,
  },
  responses: {
    POST: {
      "422": "No single sign-on covers this address (errors.sso; sso_error: unavailable)",
      "429": "Too many attempts for this email or address (Retry-After)",
    },
  },
};
