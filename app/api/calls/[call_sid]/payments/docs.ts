import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    POST: prose`Take a card payment on a call in progress (its agent, or a supervisor in scope): \`{ amount, description? }\` in
      the organization's currency. The provider asks the caller for the card number, which they key on their phone (the
      agent hears none of it); a running recording pauses until the payment ends`,
  },
  description: {
    POST: prose`Needs a payment connector (calls settings: payments.connector). The recording's pause is kept with the reason
      payment (call logs' recording_pauses); the recording cannot be resumed by hand while the payment runs. The panel
      follows the payment through the agent's status (call.payment).`,
  },
  responses: {
    POST: {
      "409": prose`No payment step is configured, the call is not connected or on hold, or a payment is already being taken`,
      "502": "The provider refused; the payment ended as failed and the recording runs again",
    },
  },
};
