import type { EventType } from "@/lib/events/event-contract";
import type { Permission } from "./permissions";

/**
 * The permission the API asks to read what each event is about: an event
 * reaches a user whose role holds it and whose scope holds the record (agents
 * read no campaign, whatever their department).
 */
export const EVENT_PERMISSIONS: Record<EventType, Permission> = {
  "queue.entry.added": "queue.handle",
  "queue.entry.accepted": "queue.handle",
  "queue.entry.left": "queue.handle",
  "queue.entry.updated": "queue.handle",
  "offer.created": "queue.handle",
  "offer.withdrawn": "queue.handle",
  "agent.status.changed": "reports.read",
  "call.started": "calls.read",
  "call.ended": "calls.read",
  "call.updated": "calls.read",
  "campaign.progress": "campaigns.manage",
  "import.progress": "contacts.import",
  "operation.progress": "contacts.read",
  "message.received": "messages.read",
  "message.status": "messages.read",
  "conversation.assigned": "messages.read",
  "conversation.updated": "messages.read",
  "voicemail.created": "queue.handle",
  "voicemail.updated": "queue.handle",
  "contact.created": "contacts.read",
  "contact.updated": "contacts.read",
  "contact.merged": "contacts.read",
};
