import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    GET: "The parties on a call besides its agent and caller",
    POST: "Add an agent (agent_id) or a number to the call: a three-way call",
  },
  description: {
    GET: "A call that has ended has none (an empty list, for whoever could read it while it lasted).",
    POST: prose`\`{ agent_id }\` (an available agent of the organization) or \`{ number }\` (E.164). Any party can leave (DELETE,
      or hanging up); the caller stays while someone who can talk to them is on.`,
  },
  responses: {
    POST: {
      "409": "The agent is not available, or the call is not connected",
      "502": "The telephony provider refused the request (nothing changed)",
    },
  },
};
