import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    GET: prose`Missed callers to follow up, newest first: callers of the queues the caller serves who hung up while waiting, and
      callbacks nobody reached (\`callback: true\`), for 7 days, until followed up or reached since`,
  },
};
