import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Provider callbacks",
  ahead: "callback",
  summary: {
    POST: prose`A campaign call's bridge to the agent ended (the Dial's action): the contact follows the agent into the call's
      conference, or the call is over`,
  },
};
