// The SQL that announces events, shared by the statements that publish one
// (publish-event.ts, lib/agents/move-agents.ts) and the listener
// (event-bus.ts). Plain strings: no server code.

export const EVENTS_CHANNEL = "app_events";

/**
 * The NOTIFY naming the event row `e` (an alias over rows an `INSERT INTO
 * events … RETURNING id` gave), sent when its transaction commits. Only the
 * id: NOTIFY payloads stop at 8,000 bytes and travel through a queue every
 * listening connection reads; listeners read the row (event-bus.ts).
 */
export const announce = (e: string) => `pg_notify('${EVENTS_CHANNEL}', ${e}.id::text)`;
