import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Provider callbacks",
  ahead: "callback",
  summary: {
    POST: prose`A card payment's step or end (the status callback of the payment session started on the caller's leg; ?payment=
      names it): the fields still to key (Required), a refused entry (ErrorType), the masked card (only its last four
      digits are kept), and at the end Result and PaymentConfirmationCode; the end resumes a recording the payment
      paused`,
  },
};
