/** Why a caller was sent to voicemail: the reason our voicemail callback address carries back (voice-callbacks.ts reads it). */
export const VOICEMAIL_REASONS = ["closed", "menu", "no_agents"] as const;
