import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    POST: prose`Accept the call offered to you: answered like accepting from the queue (the softphone's connect parameters)`,
  },
  responses: { POST: { "409": "The offer expired, was withdrawn or already answered, or you are not Available" } },
};
