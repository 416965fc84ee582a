import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Messages",
  summary: {
    GET: prose`The thread, newest last, a page at a time back in time; reading the newest page marks it read for the caller`,
    POST: prose`Answer in this conversation, on its channel: a website visitor gets it at once on their open chat (status
      delivered); a number by text or WhatsApp through the provider, as POST /api/messages sends it (the same refusals:
      opt-out 409, WhatsApp's window 422, provider 502)`,
  },
  description: {
    GET: prose`\`limit\` (1–100, default 50) messages before \`before\` (a message id; none: the newest). \`meta.next_before\` is
      the \`before\` of the older page, null at the start of the thread.`,
  },
};
