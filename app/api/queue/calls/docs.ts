import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    GET: prose`Calls waiting in the queues the caller serves (the general one and their department's; admins every one)`,
  },
  description: { GET: prose`Read from a per-process view refreshed every 250 ms: a call can appear up to a second late.` },
};
