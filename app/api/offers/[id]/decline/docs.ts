import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    POST: prose`Decline the call offered to you: it is offered to the next agent at once (never to you again; you may still take
      it from the queue)`,
  },
  responses: { POST: { "409": "The offer is no longer open" } },
};
