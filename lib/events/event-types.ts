// The events the stream carries (GET /api/events), by name. Each says what
// changed and carries just enough for a page to show it or to know what to
// reload; the API stays the source of the full record. Documented in the
// OpenAPI document and the README from this list.

export const EVENT_TYPES = {
  "queue.entry.added": "A caller joined the queue: { id, call_sid, from, contact }",
  "queue.entry.accepted": "An agent took a waiting call: { id, call_sid, user_id }",
  "queue.entry.left": "A call left the queue (answered and ended, abandoned, or handed back): { call_sid, status }",
  "queue.entry.updated": "A waiting caller asked to be called back (they keep their place), or an abandoned call was followed up: { id, call_sid, callback, followed_up }",
  "offer.created": "A waiting call is offered to you (only the agent offered receives it): { id, queue_entry_id, call_sid, from, contact_id, queue_id, expires_at }",
  "offer.withdrawn": "An offer made to you ended without your answer: { id, queue_entry_id, call_sid, reason: caller_left | taken | agent_unavailable | missed }",
  "agent.status.changed": "An agent's availability changed: { user_id, status, changed_at }",
  "call.started": "An agent's call began: { call_sid, direction, user_id }",
  "call.ended": "A call was logged: { call_sid, direction, status, duration, user_id, contact_id }",
  "call.updated": "A live call changed: held, resumed, transferred, a party joined or left, a supervisor listening: { call_sid, state, event }",
  "campaign.progress": "A campaign's figures moved: { campaign_id, status }",
  "import.progress": "An import advanced: { import_id, status, progress }",
  "operation.progress": "A long operation on contacts advanced: { operation_id, kind, status, progress }",
  "message.received": "A message arrived (a text, a WhatsApp message): { conversation_id, channel, message_id }",
  "message.status": "A message's delivery status changed, or one was sent: { conversation_id, channel, message_id, status }",
  "conversation.assigned": "A new conversation was given to you by the assignment rules (only you receive it): { conversation_id, phone, contact_id }",
  "conversation.updated": "A conversation was assigned, closed or reopened: { conversation_id }",
  "voicemail.created": "A caller left a voicemail for a queue: { id, from, department_id }",
  "voicemail.updated": "A voicemail was claimed or marked done: { id, status, claimed_by }",
  "contact.created": "A contact was created (not by an import: see import.progress): { contact_id, name, phone, department_id }",
  "contact.updated": "A contact was changed: { contact_id, name, phone, department_id, fields }",
  "contact.merged": "Duplicates were merged into a contact: { contact_id, name, phone, department_id, merged_ids, merge_id }",
} as const;

export type EventType = keyof typeof EVENT_TYPES;


/** Not for subscribers: a session was signed out or its tokens revoked (the streams close). */
export const SESSION_REVOKED = "session.revoked" as const;

/**
 * Not for subscribers: what these users may see changed (role, department,
 * the queues they serve). Their streams close, in every process, and their
 * clients reconnect: a stream is checked against the rights it was opened with.
 */
export const RIGHTS_CHANGED = "user.rights_changed" as const;

/** Why the server ended a stream (its last frame, `event: stream.closed`): the client reconnects, or finds it is signed out. */
export type StreamCloseReason = "rights_changed" | "session_revoked";
