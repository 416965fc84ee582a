import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: { POST: "Hold a live call (on: true: the caller hears the hold music) or resume it (on: false)" },
  description: {
    POST: prose`Only a party of the call, or a manager or admin in its scope, may act on it; anyone else, or a call that has
      ended, gets 404. The first hold moves the call's legs into a provider conference. Hold time is counted on the call
      and kept on its log (hold_seconds).`,
  },
  responses: {
    POST: {
      "409": "The call is not connected yet, or changed meanwhile",
      "502": "The telephony provider refused the request (nothing changed)",
      "503": "Telephony is not configured",
    },
  },
};
