import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    POST: prose`Start setting up an authenticator app, after proving it is you in the last five minutes (409 when one is set up)`,
    DELETE: prose`Turn your authenticator off, with a current code or after proving it is you (409 while your organization requires
      a second factor)`,
  },
  responses: {
    POST: {
      "403": prose`Confirm it is you first (proof_required: true, methods): POST /api/account/two-factor/proof, then try again
        within five minutes`,
      "409": "An authenticator is set up: remove it first",
    },
    DELETE: {
      "403": prose`Confirm it is you first (proof_required: true, methods): POST /api/account/two-factor/proof, then try again
        within five minutes`,
      "404": "No authenticator app is set up",
      "409": "Your organization requires a second factor of you",
      "429": "Too many attempts (Retry-After)",
    },
  },
};
