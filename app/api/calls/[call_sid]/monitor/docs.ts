import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: { POST: "Listen to, whisper to (coach: only the agent hears) or barge into a live call" },
  description: {
    POST: prose`\`{ mode: listen | whisper | barge }\`, for a manager or admin in the call's scope. The first request dials the
      supervisor's browser into the call; later ones switch the mode. Every request is in the audit log (action
      call.monitor); the agent's call panel is told of whispers and barges (event call.updated, event monitor). Leave
      with DELETE /api/calls/{call_sid}/participants/{id}.`,
  },
  responses: { POST: { "409": "The call has no agent on it yet", "502": "The telephony provider refused the request" } },
};
