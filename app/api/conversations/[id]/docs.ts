import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Messages",
  summary: { GET: "One conversation", PATCH: "Close, reopen or assign a conversation" },
  description: {
    PATCH: prose`\`{ status?: open | closed, assigned_user_id?: id | null }\`. Managers and admins assign to an active user they
      manage; an agent may only take a conversation (their own id) or let it go (null), after which it leaves their
      reach and the answer is \`{ id, status, assigned_user: null }\`. A new incoming message reopens a closed
      conversation.`,
  },
};
