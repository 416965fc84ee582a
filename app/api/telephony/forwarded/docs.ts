import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Provider callbacks",
  ahead: "callback",
  summary: {
    POST: prose`A caller a menu forwarded to an outside number is done (the Dial's action: DialCallStatus, DialCallDuration): the
      call is logged once, as an inbound call with no agent`,
  },
};
