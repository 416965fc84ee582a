import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: { DELETE: "Revoke an organization's claim on an SSO domain, pending or verified (super_admin)" },
  description: {
    DELETE: prose`The domain then routes no sign-in to that organization's provider, and another organization may prove it. Audited
      in that organization's log as settings.sso_domain_revoked.`,
  },
  responses: { DELETE: { "404": "The organization has no claim on this domain" } },
};
