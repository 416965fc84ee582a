import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    GET: prose`Scheduled callbacks you may see (an agent's own; a manager's department's; an admin's organization's): upcoming by
      default, soonest first`,
    POST: "Schedule a call back to a contact at a time",
  },
  description: {
    GET: prose`\`status=upcoming\` (default: scheduled, or due and not yet done) or \`all\`. Each says the time on the contact's
      clock and on the organization's.`,
    POST: prose`\`{ contact_id, at (ISO 8601 with offset), owner_id?, queue_id?, note? }\`. \`at\` must fall within the calling
      hours campaigns obey (08:00-21:00 on the contact's clock, in every zone their number may ring in), at most 90 days
      ahead. The owner (default: the agent scheduling it; for others nobody) is offered the call first when it is due,
      then the queue's agents once the queue's offer timeout has passed (default queue: the contact's department's),
      whatever the queue's distribution. Accepting it answers \`{ action: call_back, number, params: { To,
      CallbackEntryId } }\`: the softphone dials the contact. Not reached: it stays in the follow-ups (GET
      /api/queue/abandoned) as a callback, with its history. Anything wrong: 422 naming the field; nothing is saved.`,
  },
  responses: {
    POST: {
      "422": prose`An unknown contact, a time in the past, outside the contact's calling hours or beyond 90 days, an owner or queue
        not yours to name`,
    },
  },
};
