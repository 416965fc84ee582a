import "server-only";
import { isE164 } from "@/lib/contacts/phone";
import { publishEvent } from "@/lib/events/publish-event";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import type { DeviceCall } from "@/lib/telephony/voice-callbacks";

/**
 * The browser dials a number: dial `to` when it is E.164 (anything else is a
 * spoken error, never a dial), with the caller ID, recorded when asked. The
 * contact, the previewed campaign contact and the agent ride along in the end
 * address, which the provider signs (the dialed leg's callback does not say
 * which agent called). Whoever may read the agent's calls hears it started.
 */
export async function placeManualCall({ organizationId, call, callerId, recordingEnabled }: { organizationId: number; call: DeviceCall; callerId: string | null; recordingEnabled: boolean }): Promise<VoiceAnswer> {
  if (!isE164(call.to)) return { kind: "say-and-hang-up", message: "Sorry, that number is not valid. Please check it and try again." };
  const search = new URLSearchParams({
    ...(call.contactId && { contactId: call.contactId }),
    ...(call.campaignContactId && { campaignContactId: call.campaignContactId }),
    ...(call.agentId && { agent: String(call.agentId) }),
  }).toString();
  if (call.agentId !== null) {
    await publishEvent({
      type: "call.started",
      visibility: "owner",
      record: { organization_id: organizationId, user_id: call.agentId },
      data: { call_sid: call.callSid, direction: call.campaignContactId ? "outbound-campaign" : "outbound-manual", user_id: call.agentId, to: call.to },
    });
  }
  return { kind: "dial-number", to: call.to, callerId, record: call.recordingAsked || recordingEnabled, endPath: `/api/voice/manual/status${search ? `?${search}` : ""}` };
}
