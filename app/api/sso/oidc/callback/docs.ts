import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    GET: prose`Where OpenID Connect providers send the browser back (the redirect URI to register): checks the answer and
      redirects (303) to /login/sso with a ticket, or to /login?sso_error=reason`,
  },
  description: {
    GET: prose`The state is taken once; the code is exchanged with the sign-in's PKCE verifier; the ID token's signature (the
      provider's published keys), issuer, audience (the client id), expiry and nonce are checked. Reasons: expired,
      provider_refused, invalid_answer, not_covered, no_account, inactive, other_identity.`,
  },
};
