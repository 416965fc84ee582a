import "server-only";
import { isE164 } from "@/lib/contacts/phone";
import { changeAgentStatus } from "@/lib/agents/agent-status";
import { prisma } from "@/lib/db/client";
import { publishEvent } from "@/lib/events/publish-event";
import { startCallback } from "@/lib/queue/entries/callbacks";
import { startLiveCall } from "./start-live-call";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import type { DeviceCall } from "@/lib/telephony/call-events";
import { outboundAnnouncement } from "@/lib/recordings/announce-recording";
import { CALLBACK_PATHS } from "@/lib/telephony/callback-paths";

/**
 * The browser dials a number: dial `to` when it is E.164 (anything else is a
 * spoken error, never a dial), with the caller ID, recorded when asked. The
 * contact, the previewed campaign contact and the agent ride along in the end
 * address, which the provider signs (the dialed leg's callback does not say
 * which agent called), and so does whether the call is recorded. Whoever may read the agent's calls hears it started.
 */
export async function placeManualCall({
  organizationId,
  call: asked,
  callerId,
  recordingEnabled,
}: {
  organizationId: number;
  call: DeviceCall;
  callerId: string | null;
  recordingEnabled: boolean;
}): Promise<VoiceAnswer> {
  // A callback the agent accepted dials the caller's number from their entry (issue 23).
  const callback =
    asked.callbackEntryId && asked.agentId !== null && asked.callSid ? await startCallback({ organizationId, agentId: asked.agentId, callSid: asked.callSid, entryId: asked.callbackEntryId }) : null;
  if (asked.callbackEntryId && !callback) return { kind: "say-and-hang-up", message: "This callback is no longer yours to make. It is back in the queue." };
  const call = callback ? { ...asked, to: callback.number, contactId: callback.contactId ?? asked.contactId } : asked;
  if (!isE164(call.to)) return { kind: "say-and-hang-up", message: "Sorry, that number is not valid. Please check it and try again." };
  const search = new URLSearchParams({
    ...(call.contactId && { contactId: call.contactId }),
    ...(call.campaignContactId && { campaignContactId: call.campaignContactId }),
    ...(call.agentId && { agent: String(call.agentId) }),
    // Recorded: the dialed leg's "answered" report starts the call's recording (answerManualCall).
    ...((call.recordingAsked || recordingEnabled) && { record: "1" }),
  }).toString();
  if (call.agentId !== null && call.callSid) await startManualCall(organizationId, call.agentId, call);
  const recorded = call.recordingAsked || recordingEnabled;
  const announcementPath = recorded && call.callSid && (await outboundAnnouncement(organizationId, callerId)) ? `${CALLBACK_PATHS.announcement}?call=${encodeURIComponent(call.callSid)}` : null;
  if (call.agentId !== null && call.callSid) {
    await publishEvent({
      type: "call.started",
      record: { organization_id: organizationId, user_id: call.agentId },
      data: { call_sid: call.callSid, direction: call.campaignContactId ? "outbound-campaign" : "outbound-manual", user_id: call.agentId, campaign_id: null },
    });
  }
  return { kind: "dial-number", to: call.to, callerId, endPath: `/api/voice/manual/status${search ? `?${search}` : ""}`, announcementPath };
}

/**
 * The agent is on this call from now on: busy (no queue call is offered to
 * them), with the call live for hold and transfer and for a reloaded page.
 * The state they were in comes back if nobody answers.
 */
async function startManualCall(organizationId: number, agentId: number, call: DeviceCall): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const agent = await tx.user.findFirst({ where: { id: agentId, organization_id: organizationId }, select: { id: true, department_id: true, agent_status: { select: { status: true } } } });
    if (!agent) return;
    const contact = call.contactId ? await tx.contact.findFirst({ where: { id: BigInt(call.contactId), organization_id: organizationId }, select: { id: true } }) : null;
    const started = await startLiveCall(tx, {
      organizationId,
      callSid: call.callSid!,
      direction: call.campaignContactId ? "outbound-campaign" : "outbound-manual",
      userId: agent.id,
      departmentId: agent.department_id,
      contactId: contact?.id ?? null,
      number: call.to,
      answered: false,
      customerLegSid: null,
      agentLegSid: call.callSid,
      statusBefore: agent.agent_status?.status ?? "offline",
    });
    if (started) await changeAgentStatus(tx, { id: agent.id, organization_id: organizationId }, "busy", { by: "call_starts", callSid: call.callSid });
  });
}
