import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: { POST: prose`Cancel a warm transfer: the target's leg ends, the agent is back with the caller (off hold)` },
  responses: { POST: { "409": "No warm transfer under way" } },
};
