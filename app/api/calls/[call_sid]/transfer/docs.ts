import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: { POST: "Transfer a live call, cold or warm, to an agent, a department's queue or a number" },
  description: {
    POST: prose`\`{ target: { type: agent, id } | { type: queue, id: department_id } | { type: number, number: E.164 }, mode: cold
      | warm }\`. Cold: the caller moves at once (hearing the hold music while the target rings) and the agent's part of
      the call ends (its log is written; the agent goes to wrap-up); a target agent who never answers sends the caller
      back to the queue of their department. A queue takes a transfer cold only: the caller waits on hold as that
      queue's entry (listed by GET /api/queue/calls) until an agent accepts it. Warm: the caller is held while the agent
      talks to the target; then complete or cancel. The answer is the target's part of the call (its own live call,
      \`parent_call_sid\` naming this one) and \`transfer\`. One transfer at a time per call.`,
  },
  responses: {
    POST: {
      "409": prose`The target agent is not available, a transfer is already under way, or the call is not connected`,
      "502": "The telephony provider refused the request (nothing changed)",
      "503": "Telephony is not configured",
    },
  },
};
