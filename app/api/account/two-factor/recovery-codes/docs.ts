import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: { POST: prose`Ten new recovery codes for a current code, or after proving it is you; the old ones stop working` },
  responses: {
    POST: {
      "403": prose`Confirm it is you first (proof_required: true, methods): POST /api/account/two-factor/proof, then try again
        within five minutes`,
      "409": "No authenticator is set up",
      "429": "Too many attempts (Retry-After)",
    },
  },
};
