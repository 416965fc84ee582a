import "server-only";
import { finalCallStatus } from "@/lib/calls/call-status";
import { endCall } from "@/lib/calls/end-call";
import { isE164 } from "@/lib/contacts/phone";
import { prisma } from "@/lib/db/client";
import { userIdFromClient } from "./identity";
import type { CallbackContext } from "./provider-route";
import { organizationCallbackUrl } from "./provider-config";
import { playableRecordingUrl } from "@/lib/calls/attach-recording";
import { kickCampaign } from "@/lib/jobs/campaign-ticks";
import { dialNumberTwiml, emptyTwiml, sayAndHangUp } from "./twiml";

/**
 * The browser dials a number: TwiML that dials `To` when it is E.164 (anything
 * else is a spoken error, never a dial), with the configured caller ID and
 * recording when asked. The contact, when given, rides along in the status
 * address, which the provider signs.
 */
export function manualCallTwiml({ params, config, organizationId }: CallbackContext): string {
  const to = (params.To ?? "").trim();
  if (!isE164(to)) return sayAndHangUp("Sorry, that number is not valid. Please check it and try again.");
  const contactId = /^\d{1,15}$/.test(params.contactId ?? "") ? params.contactId : null;
  const campaignContactId = /^\d{1,18}$/.test(params.CampaignContactId ?? "") ? params.CampaignContactId : null;
  // The dialed leg's callback does not say which agent called; its address does (signed like the rest).
  const agent = userIdFromClient(params.From ?? params.Caller);
  const search = new URLSearchParams({ ...(contactId && { contactId }), ...(campaignContactId && { campaignContactId }), ...(agent && { agent: String(agent) }) }).toString();
  const query = search ? `?${search}` : "";
  return dialNumberTwiml({
    to,
    callerId: config.caller_id,
    record: params.recording === "true" || config.recording_enabled,
    actionUrl: organizationCallbackUrl(organizationId, `/api/voice/manual/status${query}`),
    statusUrl: organizationCallbackUrl(organizationId, `/api/voice/manual/status${query}`),
  });
}

/**
 * One outbound-manual call log per call, linked to the contact, when it ends.
 * The provider calls back twice for one dialed call: the Dial `action` for the
 * agent's leg (its CallSid, DialCallStatus, DialCallDuration) and the dialed
 * number's statusCallback for the child leg (its own CallSid, ParentCallSid =
 * the agent's). Both fold into one log under the agent's CallSid, whichever
 * arrives first; the agent comes from the agent's leg, the outcome and talk
 * time from the dialed leg.
 */
export async function recordManualCall({ params, query, organizationId }: CallbackContext): Promise<string> {
  const status = finalCallStatus(params.DialCallStatus ?? params.CallStatus);
  const callSid = params.ParentCallSid || params.CallSid;
  if (!status || !callSid) return emptyTwiml();
  const namedAgent = /^\d{1,9}$/.test(query.get("agent") ?? "") ? Number(query.get("agent")) : null;
  const userId = (params.ParentCallSid ? null : userIdFromClient(params.From ?? params.Caller)) ?? namedAgent;
  const user = userId ? await prisma.user.findFirst({ where: { id: userId, organization_id: organizationId }, select: { id: true, department_id: true } }) : null;
  const to = params.To ?? params.Called ?? "";
  const requested = /^\d{1,15}$/.test(query.get("contactId") ?? "") ? BigInt(query.get("contactId")!) : null;
  const contact = requested
    ? await prisma.contact.findFirst({ where: { id: requested, organization_id: organizationId }, select: { id: true } })
    : isE164(to)
      ? await prisma.contact.findUnique({ where: { organization_id_phone: { organization_id: organizationId, phone: to } }, select: { id: true } })
      : null;
  const duration = Number(params.DialCallDuration ?? params.CallDuration ?? 0);
  // A preview-mode campaign call: the contact handed to this agent, logged as a campaign call.
  const previewed = await previewedCampaignContact(query.get("campaignContactId"), user?.id ?? null, organizationId);
  const { ended } = await prisma.$transaction((tx) =>
    endCall(tx, {
      organizationId,
      log: {
        organization_id: organizationId,
        department_id: user?.department_id ?? null,
        user_id: user?.id ?? null,
        contact_id: previewed?.contact_id ?? contact?.id ?? null,
        campaign_id: previewed?.campaign.id ?? null,
        direction: previewed ? "outbound-campaign" : "outbound-manual",
        phone_number: to.slice(0, 32),
        call_sid: callSid,
        status,
        duration: Number.isFinite(duration) && duration > 0 ? Math.round(duration) : 0,
        recording_url: playableRecordingUrl(params.RecordingUrl) ? params.RecordingUrl : null,
      },
      campaignContact: previewed ? { id: previewed.id, outcome: status, answered: status === "completed" } : null,
    }),
  );
  const moved = ended && previewed !== null;
  // The campaign may be finished now.
  if (moved && previewed) {
    await kickCampaign(previewed.campaign.id);
  }
  return emptyTwiml();
}

async function previewedCampaignContact(raw: string | null, userId: number | null, organizationId: number) {
  if (!raw || !/^\d{1,18}$/.test(raw) || userId === null) return null;
  return prisma.campaignContact.findFirst({
    where: { id: BigInt(raw), assigned_user_id: userId, campaign: { organization_id: organizationId } },
    select: { id: true, contact_id: true, campaign: { select: { id: true } } },
  });
}
