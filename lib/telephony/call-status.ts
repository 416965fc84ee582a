/** A call log's final status, whatever the provider called it (its adapter maps its own words to these). */
export const CALL_LOG_STATUSES = ["completed", "failed", "busy", "no-answer"] as const;
export type CallLogStatus = (typeof CALL_LOG_STATUSES)[number];
