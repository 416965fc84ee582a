import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    POST: prose`The SAML assertion consumer service (HTTP-POST binding): checks the response and redirects (303) to /login/sso
      with a ticket, or to /login?sso_error=reason`,
  },
  description: {
    POST: prose`A form with SAMLResponse and RelayState (the sign-in's state, taken once). The assertion must be signed by one of
      the provider's certificates; its audience must be our entity id, its Recipient and the response's Destination this
      address, its time window current, and InResponseTo the request this sign-in sent.`,
  },
};
