import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    POST: prose`Follow up a missed caller by calling back: claims it (one agent only) and answers the number and the softphone's
      params`,
  },
  responses: { POST: { "409": "Someone has already followed it up" } },
};
