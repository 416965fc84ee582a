import type { RecordingConsentSettings } from "@/lib/settings/schemas";

/** What is said (or played) before a recorded call, and the key that declines, for one of the organization's numbers. */
export interface ConsentAnnouncement {
  text: string | null;
  audioUrl: string | null;
  optOutDigit: string | null;
}

/**
 * The announcement a call to (or from) `number` gets: the number's own when it
 * has one, else the organization's; null when neither says anything (calls
 * are recorded without one, as before issue 47). The opt-out offer is said
 * after the words (or the audio), so the caller always hears which key.
 */
export function consentAnnouncement(settings: RecordingConsentSettings, number: string | null): ConsentAnnouncement | null {
  const chosen = (number && settings.numbers[number]) || settings;
  if (!chosen.text && !chosen.audio_url) return null;
  return { text: chosen.text, audioUrl: chosen.audio_url, optOutDigit: chosen.opt_out_digit };
}

/** The words of the opt-out offer, said after the announcement. */
export function optOutOffer(digit: string): string {
  return `To continue without this call being recorded, press ${digit} now.`;
}
