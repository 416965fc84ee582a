import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    PATCH: prose`Move a payment on: \`{ capture: field }\` asks the caller for a field (payment-card-number, expiration-date,
      security-code, postal-code), again after a wrong entry; \`{ status: complete }\` sends it to the processor once
      every field is keyed (the outcome arrives in the provider's report); \`{ status: cancel }\` calls it off (the
      recording runs again)`,
  },
  responses: {
    PATCH: {
      "409": "The payment has ended, is with the processor, or has fields still to key",
      "502": "The provider refused; nothing changed",
    },
  },
};
