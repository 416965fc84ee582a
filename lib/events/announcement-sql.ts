// The SQL that announces events, shared by the statements that publish one
// (publish-event.ts, lib/agents/move-agents.ts, the queue's statements) and
// the listener (event-bus.ts). Plain strings: no server code.

export const EVENTS_CHANNEL = "app_events";

/** What an `INSERT INTO events … RETURNING` must give for announce(). */
export const EVENT_RETURNING = "id, organization_id, department_id, user_id, assigned_user_id, visibility, type, data, created_at";

// NOTIFY payloads stop at 8,000 bytes; an event longer than this goes by its id.
const INLINE_BYTES = 7_900;

/**
 * What announces the event row `e` (an alias over the rows of an `INSERT INTO
 * events … RETURNING ${EVENT_RETURNING}`): the event itself as JSON, so every
 * listening process can hand it out without reading it back, or, for an event
 * too long for a NOTIFY, its id (the listener reads the row).
 */
export const announcement = (e: string) =>
  `(SELECT CASE WHEN octet_length(body) <= ${INLINE_BYTES} THEN body ELSE ${e}.id::text END
     FROM (SELECT json_build_object('id', ${e}.id::text, 'organization_id', ${e}.organization_id, 'department_id', ${e}.department_id,
       'user_id', ${e}.user_id, 'assigned_user_id', ${e}.assigned_user_id, 'visibility', ${e}.visibility, 'type', ${e}.type,
       'data', ${e}.data, 'created_at', ${e}.created_at)::text AS body) announced)`;

/**
 * The NOTIFY of the event row `e`, sent when its transaction commits. Only for
 * statements whose commit does not wait for the disk: PostgreSQL holds one
 * lock across every notifying commit, its disk flush included, so a durable
 * commit that notifies makes every other wait (lib/events/announce-events.ts).
 */
export const announce = (e: string) => `pg_notify('${EVENTS_CHANNEL}', ${announcement(e)})`;
