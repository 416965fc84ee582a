import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";
import { EVENT_CONTRACT, EVENT_TYPE_NAMES } from "@/lib/events/event-contract";

const TYPES = EVENT_TYPE_NAMES.map((type) => `\`${type}\` (${EVENT_CONTRACT[type].summary})`).join("; ");

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
      reconnect, the new stream carries the new rights; \`session_revoked\`: the token no longer works). Types (each
      frame's \`data\` is the schema \`Event.<type>\` of the components, from the event contract): ${TYPES}.`,
  },
  responses: { GET: { "429": "Too many streams for this user (Retry-After)" } },
};
