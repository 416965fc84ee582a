import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    DELETE: prose`Remove one of your passkeys, with a current code or recovery code, or after proving it is you in the last five
      minutes (409 for your last factor while your organization requires one)`,
  },
  responses: {
    DELETE: {
      "403": prose`Confirm it is you first (proof_required: true, methods): POST /api/account/two-factor/proof, then try again
        within five minutes`,
      "409": "Your organization requires a second factor of you and this is your last",
      "429": "Too many attempts (Retry-After)",
    },
  },
};
