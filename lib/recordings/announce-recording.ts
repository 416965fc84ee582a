import "server-only";
import { callPathSettings } from "@/lib/settings/get-settings";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import { consentAnnouncement, type ConsentAnnouncement } from "./consent-announcement";
import { recordConsent } from "./recording-consent";

/**
 * The person an agent called answered a recorded call (issue 47): they hear
 * the announcement of the number that called them, alone, before they are
 * connected, and the call's log keeps that they were told. `callSid` is the
 * call's (its log's) id, carried in the signed address.
 */
export async function announceRecording({ organizationId, callSid, from }: { organizationId: number; callSid: string; from: string | null }): Promise<VoiceAnswer> {
  const announcement = await outboundAnnouncement(organizationId, from);
  if (!announcement) return { kind: "nothing" };
  await recordConsent({ organizationId, callSid, outcome: "announced", announcement });
  return { kind: "announce", text: announcement.text, audioUrl: announcement.audioUrl };
}

/** What a person called from this number hears before a recorded call, when the organization announces outbound calls (issue 47); null: nothing. */
export async function outboundAnnouncement(organizationId: number, callerId: string | null): Promise<ConsentAnnouncement | null> {
  const consent = (await callPathSettings(organizationId, "calls")).recording_consent;
  return consent.outbound ? consentAnnouncement(consent, callerId) : null;
}
