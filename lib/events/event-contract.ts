import { z } from "zod";
import type { Visibility } from "./event-record";

// The event contract: every event the stream (GET /api/events) and the
// webhooks carry, with who may receive it and the exact shape of its data.
// Each says what changed and carries just enough for a page to show it or to
// know what to reload; the API stays the source of the full record. Events are
// written only through this table: publishEvent (TypeScript) and the SQL that
// events-sql.ts renders from it, both typed by these payloads; the API
// document, the README and the stream's `?types=` read it; the suites check
// every frame they receive against it (e2e/support/event-stream.ts).

const id = z.number().int();
const timestamp = z.string().meta({ description: "ISO 8601, UTC" });
/** Why an accepted call went back to the line (queue_entries.returned_reason, docs/decisions/034 I5). */
export const RETURNED_REASONS = ["device_never_joined", "agent_offline", "agent_signed_out", "agent_sessions_ended"] as const;

/** Who receives an event of each visibility, in words (for the API document): always also as their role's permission allows (lib/auth/event-permissions.ts). */
export const RECEIVED_BY: Record<Visibility, string> = {
  organization: "the organization",
  department: "the record's department and the admins",
  owner: "its agent, their department's manager, the admins",
  import: "its owner, their manager, the admins",
  user: "the agent, their department's manager, the admins",
  conversation: "whoever may read the conversation (its assignee or, unassigned, its department's agents; its managers; the admins)",
  queue: "those who serve its queue (as GET /api/queue/calls), their managers, the admins",
  personal: "the user it names, nobody else",
};

function event<P extends z.ZodRawShape>(visibility: Visibility, summary: string, payload: P) {
  return { visibility, summary, payload: z.object(payload).strict() };
}

const message = { conversation_id: id, channel: z.string(), message_id: id, status: z.string() };
const contact = { contact_id: id, name: z.string(), phone: z.string(), department_id: id.nullable() };

export const EVENT_CONTRACT = {
  "queue.entry.added": event(
    "queue",
    "A caller joined a queue: a new call, a scheduled callback come due (`callback`), a call transferred to a queue (`transferred`), " +
      "or an accepted call whose agent never connected, back at the head of the line (`returned`: why)",
    {
      id,
      call_sid: z.string(),
      from: z.string(),
      contact_id: id.nullable(),
      department_id: id.nullable(),
      callback: z.boolean(),
      transferred: z.boolean(),
      returned: z.enum(RETURNED_REASONS).nullable(),
    },
  ),
  "queue.entry.accepted": event("organization", "An agent took a waiting call", { id, call_sid: z.string(), user_id: id }),
  "queue.entry.left": event("organization", "A call left the queue: answered and ended, or abandoned; or the agent's call back of a callback entry ended (`callback`)", {
    id,
    call_sid: z.string(),
    status: z.enum(["completed", "abandoned"]),
    callback: z.boolean(),
  }),
  "queue.entry.updated": event("queue", "A waiting caller asked to be called back (they keep their place), or an abandoned call was followed up", {
    id,
    call_sid: z.string(),
    callback: z.boolean().meta({ description: "The caller asked to be called back" }),
    followed_up: z.enum(["call_back", "dismiss"]).nullable(),
    user_id: id.nullable().meta({ description: "Who followed it up" }),
  }),
  "offer.created": event("personal", "A waiting call is offered to you (only the agent offered receives it)", {
    id,
    queue_entry_id: id,
    call_sid: z.string(),
    from: z.string(),
    contact_id: id.nullable(),
    queue_id: id,
    expires_at: timestamp,
  }),
  "offer.withdrawn": event("personal", "An offer made to you ended without your answer", {
    id,
    queue_entry_id: id,
    call_sid: z.string(),
    reason: z.enum(["caller_left", "taken", "agent_unavailable", "missed"]),
  }),
  "agent.status.changed": event("user", "An agent's availability changed", { user_id: id, status: z.string(), changed_at: timestamp }),
  "call.started": event("owner", "An agent's call began", {
    call_sid: z.string(),
    direction: z.enum(["inbound", "outbound-manual", "outbound-campaign"]),
    user_id: id,
    campaign_id: id.nullable(),
  }),
  "call.ended": event("owner", "A call was logged", {
    call_log_id: id,
    call_sid: z.string(),
    direction: z.string(),
    status: z.string(),
    duration: z.number().int(),
    user_id: id.nullable(),
    contact_id: id.nullable(),
    campaign_id: id.nullable(),
  }),
  "call.updated": event(
    "owner",
    "A live call changed: answered, held, resumed, transferred, a party joined or left, a supervisor listening, a recording or payment moved (`event`, one line of the call's story)",
    {
      call_sid: z.string(),
      state: z.string(),
      event: z.string(),
      detail: z.record(z.string(), z.unknown()).meta({ description: "What the story's line says beyond its name (as GET /api/calls/{call_sid}/events shows it)" }),
    },
  ),
  "campaign.progress": event("department", "A campaign's figures moved", { campaign_id: id, status: z.string() }),
  "import.progress": event("import", "An import advanced", { import_id: z.string(), status: z.string(), progress: z.number().int() }),
  "operation.progress": event("import", "A long operation on contacts advanced", { operation_id: z.string(), kind: z.string(), status: z.string(), progress: z.number().int() }),
  "message.received": event("conversation", "A message arrived (a text, a WhatsApp message, a website chat line)", message),
  "message.status": event("conversation", "A message's delivery status changed, or one was sent", message),
  "conversation.assigned": event("personal", "A new conversation was given to you by the assignment rules (only you receive it)", {
    conversation_id: id,
    phone: z.string(),
    contact_id: id.nullable(),
  }),
  "conversation.updated": event("conversation", "A conversation was assigned, closed or reopened, or a file it holds arrived", {
    conversation_id: id,
    channel: z.string(),
    assigned_user_id: id.nullable(),
  }),
  "voicemail.created": event("queue", "A caller left a voicemail for a queue", { id, from: z.string(), department_id: id.nullable() }),
  "voicemail.updated": event("queue", "A voicemail was claimed or marked done", { id, status: z.string(), claimed_by: id.nullable() }),
  "contact.created": event("department", "A contact was created (not by an import: see import.progress)", contact),
  "contact.updated": event("department", "A contact was changed (`fields`: which)", { ...contact, fields: z.array(z.string()) }),
  "contact.merged": event("department", "Duplicates were merged into a contact", { ...contact, merged_ids: z.array(id), merge_id: id }),
};

export type EventType = keyof typeof EVENT_CONTRACT;
/** What an event of this type carries. */
export type EventPayload<T extends EventType> = z.infer<(typeof EVENT_CONTRACT)[T]["payload"]>;
export const EVENT_TYPE_NAMES = Object.keys(EVENT_CONTRACT) as EventType[];

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_CONTRACT, type);
}

/** The event's data as the stream sends it: its payload and when it happened. */
export function streamedEventSchema(type: EventType) {
  return EVENT_CONTRACT[type].payload.extend({ at: timestamp });
}
