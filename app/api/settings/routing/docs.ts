import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Settings",
  summary: {
    GET: "Inbound routing: the plans that answer the organization's numbers",
    PUT: "Replace the routing plans (the next call follows them)",
  },
  description: {
    PUT: prose`\`{ plans: [{ name, numbers: [E.164] (empty: every number no other plan names), hours: { mon..sun: [{ start, end
      }] } | null (always open), holidays: [YYYY-MM-DD], closed_message, queue: { type: queue, department_id | null } |
      { type: number, number }, menu: null | { greeting, default_digit, options: [{ digit, label, words, target }] },
      closed_action: message | voicemail, no_agents: queue | voicemail, announce_every_seconds, voicemail_prompt,
      callback_offer: null | { after_seconds, digit } }] }\`. Hours are read in the organization's time zone. With no
      plan, inbound calls are enqueued at once as the specification states. A department that is not the organization's,
      an interval that ends before it starts, a default key no option has: 422 naming the field; nothing is saved.`,
  },
};
