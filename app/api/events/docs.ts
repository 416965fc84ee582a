import type { RouteDocs } from "@/lib/openapi/operation-group";
import { prose } from "@/lib/openapi/prose";

export const docs: RouteDocs = {
  tag: "Live updates",
  ahead: "stream",
  summary: { GET: "Live updates as Server-Sent Events, scoped like the API" },
  description: {
    GET: prose`Authenticated by the bearer token or, for a browser's EventSource, the signed-in web session; without either: 401
      JSON, not a stream. Each event has an \`id\`, its type as the \`event\` name and JSON \`data\` (with \`at\`, when
      it happened). Send \`Last-Event-ID\` (EventSource does on reconnect; or \`?last_event_id=\`) to receive first what
      happened since, up to 5 minutes back. A comment line every 15 s keeps proxies from closing an idle stream.
      \`?types=a,b\` narrows it (an unknown type: 422). An event reaches exactly the users who could read its record
      through the API: another organization, another department's manager, another agent's own calls or conversations
      never see it. At most 10 streams per user per server (429 beyond); signing out or a revoked token closes the
      user's streams within a second, and so does a change of what they may see (their role, department or queues), on
      every server: the last frame is then \`event: stream.closed\` with \`data\` \`{ reason }\` (\`rights_changed\`:
      reconnect, the new stream carries the new rights; \`session_revoked\`: the token no longer works). Types:
      \`queue.entry.added\`: A caller joined the queue: { id, call_sid, from, contact }; \`queue.entry.accepted\`: An
      agent took a waiting call: { id, call_sid, user_id }; \`queue.entry.left\`: A call left the queue (answered and
      ended, abandoned, or handed back): { call_sid, status }; \`queue.entry.updated\`: A waiting caller asked to be
      called back (they keep their place), or an abandoned call was followed up: { id, call_sid, callback, followed_up
      }; \`offer.created\`: A waiting call is offered to you (only the agent offered receives it): { id, queue_entry_id,
      call_sid, from, contact_id, queue_id, expires_at }; \`offer.withdrawn\`: An offer made to you ended without your
      answer: { id, queue_entry_id, call_sid, reason: caller_left | taken | agent_unavailable | missed };
      \`agent.status.changed\`: An agent's availability changed: { user_id, status, changed_at }; \`call.started\`: An
      agent's call began: { call_sid, direction, user_id }; \`call.ended\`: A call was logged: { call_sid, direction,
      status, duration, user_id, contact_id }; \`call.updated\`: A live call changed: held, resumed, transferred, a
      party joined or left, a supervisor listening: { call_sid, state, event }; \`campaign.progress\`: A campaign's
      figures moved: { campaign_id, status }; \`import.progress\`: An import advanced: { import_id, status, progress };
      \`operation.progress\`: A long operation on contacts advanced: { operation_id, kind, status, progress };
      \`message.received\`: A message arrived (a text, a WhatsApp message): { conversation_id, channel, message_id };
      \`message.status\`: A message's delivery status changed, or one was sent: { conversation_id, channel, message_id,
      status }; \`conversation.assigned\`: A new conversation was given to you by the assignment rules (only you receive
      it): { conversation_id, phone, contact_id }; \`conversation.updated\`: A conversation was assigned, closed or
      reopened: { conversation_id }; \`voicemail.created\`: A caller left a voicemail for a queue: { id, from,
      department_id }; \`voicemail.updated\`: A voicemail was claimed or marked done: { id, status, claimed_by };
      \`contact.created\`: A contact was created (not by an import: see import.progress): { contact_id, name, phone,
      department_id }; \`contact.updated\`: A contact was changed: { contact_id, name, phone, department_id, fields };
      \`contact.merged\`: Duplicates were merged into a contact: { contact_id, name, phone, department_id, merged_ids,
      merge_id }.`,
  },
  responses: { GET: { "429": "Too many streams for this user (Retry-After)" } },
};
