import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    GET: prose`The queues the caller serves (admins: every queue), general first: distribution, settings and live figures`,
  },
  description: {
    GET: prose`Every queue has a stable id: the organization's general queue (\`department_id\` null) and one per department.
      \`distribution\` is \`pick\` (agents choose from GET /api/queue/calls, the default) or \`offer\` (each call is
      offered to one agent at a time). Figures: \`waiting\`, \`longest_wait_seconds\`, \`agents_available\` (available
      agents who serve it). All on one page.`,
  },
};
