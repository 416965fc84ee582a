import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    POST: prose`Start adding a passkey: the WebAuthn creation options for navigator.credentials.create (good for two minutes); the
      session must have proved its user in the last five minutes`,
  },
  responses: {
    POST: {
      "403": prose`Confirm it is you first (proof_required: true, methods): POST /api/account/two-factor/proof, then try again
        within five minutes`,
    },
  },
};
