import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Settings",
  summary: {
    PUT: prose`Set the members of a department's queue from other departments (\`{ member_ids }\`, as a whole; audited)`,
  },
  description: {
    PUT: prose`Members take that queue's calls, voicemails and follow-ups like its own department's agents, from their next
      request. A user who is not an active user of the organization: 422 naming \`member_ids.<index>\`; nothing is
      saved.`,
  },
};
