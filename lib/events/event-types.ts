// The names of the announcements the processes make to themselves, beside
// the events of the contract (event-contract.ts), which subscribers receive.

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
