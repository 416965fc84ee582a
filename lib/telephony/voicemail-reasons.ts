/** Why a caller was sent to voicemail: the reason our voicemail callback address carries back (the adapter reads it). */
export const VOICEMAIL_REASONS = ["closed", "menu", "no_agents"] as const;
export type VoicemailReason = (typeof VOICEMAIL_REASONS)[number];
