import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Settings",
  summary: {
    POST: prose`Prove the organization's claim on an SSO domain: its TXT record contact-center-verification=<token> is looked up
      now`,
  },
  description: {
    POST: prose`The record to publish is the claim's txt_record (GET /api/settings/sso, domain_claims). Found: the claim is
      verified and the domain routes sign-ins; audited as settings.sso_domain_verified. A claim already verified is
      answered as it is. The lookup asks the servers DNS_SERVERS names (else the system's), a few seconds at most.`,
  },
  responses: {
    POST: {
      "404": "The organization has no claim on this domain",
      "409": "Another organization holds the domain verified",
      "422": "The TXT record was not found on the domain: the message names the record to publish",
      "502": "The DNS servers did not answer (or failed): nothing changed, try again",
    },
  },
};
