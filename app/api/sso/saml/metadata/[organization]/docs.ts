import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  file: { GET: "application/samlmetadata+xml" },
  summary: {
    GET: prose`Our SAML service provider metadata for one organization (its entity id is this address): give it to the identity
      provider`,
  },
};
