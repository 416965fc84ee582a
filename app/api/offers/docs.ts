import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    GET: prose`The call offered to you now (an offer queue's; at most one): who is calling, their contact card, the queue and
      until when it rings`,
  },
  description: {
    GET: prose`An offer also arrives on GET /api/events as \`offer.created\` (to the agent offered only), and its end without
      your answer as \`offer.withdrawn\` (reason caller_left, taken, agent_unavailable or missed). An offer goes to an
      available agent who serves the queue (or its overflow queue once the call has waited long enough) and holds its
      required skills: the caller's last agent within \`sticky_agent_days\` (Settings → calls, default 7) first, then
      the one idle longest. No answer before \`expires_at\`: the offer is missed, you are set to the not-ready state
      \`missed\`, and the next agent is offered the call.`,
  },
};
