import "server-only";
import { publishEvent } from "@/lib/events/publish-event";
import { changeAgentStatus } from "@/lib/agents/agent-status";
import { releaseReservedAgents, reserveAvailableAgents } from "@/lib/agents/reserve-agents";
import type { CallLogStatus } from "@/lib/telephony/call-status";
import { callerHungUp } from "@/lib/calls/caller-hung-up";
import { endCall } from "@/lib/calls/end-call";
import { startCallRecording } from "@/lib/calls/start-call-recording";
import { outboundAnnouncement } from "@/lib/recordings/announce-recording";
import { recordConsent } from "@/lib/recordings/recording-consent";
import { startLiveCall } from "@/lib/calls/start-live-call";
import { prisma } from "@/lib/db/client";
import { NOTHING, type VoiceAnswer } from "@/lib/telephony/voice-answer";
import type { CampaignCall } from "@/lib/telephony/call-events";
import { kickCampaign } from "@/lib/jobs/campaign-ticks";
import { CALLBACK_PATHS } from "@/lib/telephony/callback-paths";

/** Seconds an answered predictive call may wait for a free agent before it is abandoned. */
export const AGENT_WAIT_SECONDS = 2;

// A callback only ever acts inside the organization its signature was checked for.
function campaignContactOf(organizationId: number, campaignContactId: bigint) {
  return prisma.campaignContact.findFirst({ where: { id: campaignContactId, campaign: { organization_id: organizationId } }, include: { campaign: true } });
}

/** Every write of a callback names the organization, not only the read before it. */
function ownContact(cc: { id: bigint; campaign: { organization_id: number } }) {
  return { id: cc.id, campaign: { organization_id: cc.campaign.organization_id } };
}

function identification(organizationName: string): string {
  return `Hello, this is ${organizationName} calling. We are sorry we could not connect you to an agent. We will try again later, or call us back at this number. Goodbye.`;
}

/** Claims one free agent of the department for an answered predictive call. */
async function claimAgent(organizationId: number, departmentId: number, callSid: string): Promise<number | null> {
  const [agent] = await reserveAvailableAgents(prisma, { organizationId, departmentId, count: 1, callSid });
  return agent ?? null;
}

/**
 * The contact answered: a machine gets the voicemail message (when asked); a
 * person is connected to the reserved agent (progressive) or to the first free
 * one (predictive), who has AGENT_WAIT_SECONDS to appear before the caller
 * hears who called and the call is logged as abandoned.
 */
export async function answerCampaignCall({ organizationId, call }: { organizationId: number; call: CampaignCall }): Promise<VoiceAnswer> {
  const cc = await campaignContactOf(organizationId, call.campaignContactId);
  if (!cc) return { kind: "say-and-hang-up", message: "Goodbye." };
  const { campaign } = cc;
  const { callSid } = call;
  // The answer names its call (last_call_sid) itself: the provider may answer before its reply to the dial has reached the engine.
  if (call.machine && campaign.amd_enabled) {
    await prisma.campaignContact.updateMany({ where: ownContact(cc), data: { state: "answered", last_outcome: "voicemail", last_call_sid: callSid } });
    if (cc.assigned_user_id) await releaseReservedAgents(prisma, { userIds: [cc.assigned_user_id!], organizationId: campaign.organization_id });
    return campaign.voicemail_message ? { kind: "say-and-hang-up", message: campaign.voicemail_message } : NOTHING;
  }

  let agent = cc.assigned_user_id;
  if (campaign.dialing_mode === "predictive" && !agent) agent = await claimAgent(campaign.organization_id, campaign.department_id, callSid);
  if (!agent) {
    if (call.waited < AGENT_WAIT_SECONDS) return { kind: "wait-and-ask-again", seconds: 1, path: `${CALLBACK_PATHS.campaignAnswer}?cc=${cc.id}&waited=${call.waited + 1}` };
    await prisma.campaignContact.updateMany({ where: ownContact(cc), data: { state: "answered", last_outcome: "abandoned", last_call_sid: callSid } });
    const organization = await prisma.organization.findUnique({ where: { id: campaign.organization_id }, select: { name: true } });
    return { kind: "say-and-hang-up", message: identification(organization?.name ?? "our company") };
  }

  const started = await prisma.$transaction(async (tx) => {
    await tx.campaignContact.updateMany({ where: ownContact(cc), data: { state: "answered", last_outcome: "answered", assigned_user_id: agent, last_call_sid: callSid } });
    await changeAgentStatus(tx, { id: agent!, organization_id: campaign.organization_id }, "busy", { by: "call_starts", callSid });
    const live = await startLiveCall(tx, {
      organizationId: campaign.organization_id,
      callSid,
      direction: "outbound-campaign",
      userId: agent!,
      departmentId: campaign.department_id,
      contactId: cc.contact_id,
      number: cc.phone,
      answered: true,
      customerLegSid: callSid,
      agentLegSid: null,
    });
    await publishEvent(
      {
        type: "call.started",
        record: { organization_id: campaign.organization_id, user_id: agent! },
        data: { call_sid: callSid, direction: "outbound-campaign", user_id: agent, campaign_id: campaign.id },
      },
      tx,
    );
    return live;
  });
  // A recorded campaign: the contact hears the recording announcement first when the organization says so (issue 47),
  // and the conversation's one recording starts on the contact's leg, once (the dial itself records nothing).
  const announcement = campaign.recording_enabled ? await outboundAnnouncement(campaign.organization_id, campaign.caller_id) : null;
  if (announcement && started) await recordConsent({ organizationId: campaign.organization_id, callSid, outcome: "announced", announcement });
  if (campaign.recording_enabled && started) await startCallRecording({ organizationId: campaign.organization_id, callSid, customerLegSid: callSid });
  return {
    kind: "dial-agent",
    agentId: agent,
    callerId: campaign.caller_id,
    announcement: announcement && { text: announcement.text, audioUrl: announcement.audioUrl },
    legPath: `${CALLBACK_PATHS.campaignAgentLeg}?cc=${cc.id}`,
    endPath: `${CALLBACK_PATHS.campaignBridgeEnded}?cc=${cc.id}`,
  };
}

/**
 * The call ended: one outbound-campaign call log per CallSid (retries change
 * nothing), and the campaign contact moves on: done when answered or out of
 * attempts, back to wait for a retry when the outcome is one the campaign
 * retries. The agent goes to wrap-up after a conversation, else is free again.
 */
export async function finishCampaignCall({
  organizationId,
  campaignContactId,
  report,
}: {
  organizationId: number;
  campaignContactId: bigint;
  report: { callSid: string; status: CallLogStatus; duration: number };
}): Promise<void> {
  // A contact whose call was transferred: the part they are on ends (their agent's part was logged and settled at the transfer).
  if (await callerHungUp({ organizationId, customerLegSid: report.callSid })) return;
  const cc = await campaignContactOf(organizationId, campaignContactId);
  if (!cc) return;
  const { campaign } = cc;
  const { callSid, status, duration } = report;
  const outcome = cc.last_outcome && cc.state === "answered" ? cc.last_outcome : status;
  const answered = cc.state === "answered";
  // A status for an older attempt is logged but settles nothing: the contact has moved on.
  const current = cc.last_call_sid === null || cc.last_call_sid === callSid;
  const changed = await prisma.$transaction(async (tx) => {
    const { ended } = await endCall(tx, {
      organizationId: campaign.organization_id,
      log: {
        organization_id: campaign.organization_id,
        department_id: campaign.department_id,
        user_id: outcome === "answered" ? cc.assigned_user_id : null,
        contact_id: cc.contact_id,
        campaign_id: campaign.id,
        direction: "outbound-campaign",
        phone_number: cc.phone,
        call_sid: callSid,
        status,
        duration,
        answered_at: answered ? new Date(Date.now() - duration * 1000) : null,
      },
      campaignContact: current ? { id: cc.id, outcome: answered ? outcome : status, answered } : null,
      agent: current && cc.assigned_user_id ? { userId: cc.assigned_user_id, talked: outcome === "answered" } : null,
    });
    return ended && current;
  });
  if (changed) await kickCampaign(campaign.id);
}
