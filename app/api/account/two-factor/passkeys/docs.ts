import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    POST: prose`Add a passkey: its name and the browser's answer to the creation options; a first factor comes with ten recovery
      codes, shown this once`,
  },
  responses: {
    POST: {
      "403": prose`Confirm it is you first (proof_required: true, methods): POST /api/account/two-factor/proof, then try again
        within five minutes`,
      "409": "The options expired or were used: start again",
    },
  },
};
