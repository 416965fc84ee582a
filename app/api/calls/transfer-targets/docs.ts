import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    GET: prose`Whom a call can be transferred to or joined with: the organization's agents (with their state) and departments'
      queues`,
  },
  description: {
    GET: prose`\`q\` narrows both by name. Agents come available first; only an available agent can take a transfer (409
      otherwise).`,
  },
};
