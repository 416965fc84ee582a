import "server-only";
import { isE164 } from "@/lib/contacts/phone";
import { prisma } from "@/lib/db/client";
import { kickCampaign } from "@/lib/jobs/campaign-ticks";
import type { ManualCallEnd } from "@/lib/telephony/call-events";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import { callerHungUp } from "./caller-hung-up";
import { conferenceSeatFor } from "./move-call-to-conference";
import { endCall } from "./end-call";
import { callbackOf, settleCallback } from "@/lib/queue/entries/callbacks";

/**
 * One call log per manual call, linked to the contact, when it ends (unless
 * only its bridge ended, the call having moved into a conference). Both of
 * the provider's reports (the agent's leg and the dialed leg) fold into one
 * log under the agent's CallSid, whichever arrives first; the agent comes from
 * the agent's leg, the outcome and talk time from the dialed leg. A previewed
 * campaign contact's call is a campaign call and settles that contact; a
 * callback's settles the caller's queue entry.
 */
export async function endManualCall({ organizationId, end }: { organizationId: number; end: ManualCallEnd }): Promise<VoiceAnswer | void> {
  // The agent's Dial ended because the dialed leg was moved into a conference (hold, transfer…): the agent follows it; the call goes on.
  const seat = end.agentLeg ? await conferenceSeatFor({ organizationId, callSid: end.callSid, leg: "agent" }) : null;
  if (seat) return seat;
  // The dialed party hung up after the call was handed over (transferred): the part they were on ends.
  if (end.customerLegSid && (await callerHungUp({ organizationId, customerLegSid: end.customerLegSid }))) return;
  const user = end.agentId ? await prisma.user.findFirst({ where: { id: end.agentId, organization_id: organizationId }, select: { id: true, department_id: true } }) : null;
  const contact = end.contactId
    ? await prisma.contact.findFirst({ where: { id: BigInt(end.contactId), organization_id: organizationId }, select: { id: true } })
    : isE164(end.to)
      ? await prisma.contact.findUnique({ where: { organization_id_phone: { organization_id: organizationId, phone: end.to } }, select: { id: true } })
      : null;
  const previewed = end.campaignContactId && user ? await previewedCampaignContact(BigInt(end.campaignContactId), user.id, organizationId) : null;
  const callback = previewed ? null : await callbackOf(organizationId, end.callSid);
  const { ended } = await prisma.$transaction(async (tx) => {
    const done = await endCall(tx, {
      organizationId,
      log: {
        organization_id: organizationId,
        department_id: user?.department_id ?? null,
        user_id: user?.id ?? null,
        contact_id: previewed?.contact_id ?? contact?.id ?? null,
        campaign_id: previewed?.campaign.id ?? null,
        direction: previewed ? "outbound-campaign" : "outbound-manual",
        phone_number: end.to,
        call_sid: end.callSid,
        status: end.status,
        duration: end.duration,
        // A callback's log links the caller's first call (issue 23).
        parent_call_sid: callback?.call_sid ?? null,
      },
      campaignContact: previewed ? { id: previewed.id, outcome: end.status, answered: end.status === "completed" } : null,
      // The agent was busy on this call since it was placed (only then does endCall move them).
      agent: user ? { userId: user.id, talked: end.status === "completed" } : null,
    });
    if (done.ended && callback) await settleCallback(tx, { organizationId, callSid: end.callSid, reached: end.status === "completed" });
    return done;
  });
  // The campaign may be finished now.
  if (ended && previewed) await kickCampaign(previewed.campaign.id);
}

/** The campaign contact handed to this agent in preview mode. */
function previewedCampaignContact(id: bigint, userId: number, organizationId: number) {
  return prisma.campaignContact.findFirst({
    where: { id, assigned_user_id: userId, campaign: { organization_id: organizationId } },
    select: { id: true, contact_id: true, campaign: { select: { id: true } } },
  });
}
