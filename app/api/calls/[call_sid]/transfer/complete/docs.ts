import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: { POST: "Complete a warm transfer: the agent leaves, the caller talks to the target" },
  description: {
    POST: prose`The answer is the target's part of the call, now answered. The agent's part ends (its log is written; wrap-up).`,
  },
  responses: { POST: { "409": "No warm transfer under way, or its target has not answered yet" } },
};
