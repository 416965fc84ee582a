import "server-only";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { dialIntoConference } from "@/lib/telephony/call-control";
import { identityFor } from "@/lib/telephony/identity";
import { providerConfig } from "@/lib/telephony/provider-config";
import type { LiveCallRow } from "./find-live-call";
import { partyStatusPath } from "./live-call";
import { moveCallToConference } from "./move-call-to-conference";
import type { Party } from "./transfer-target";

export type PartyRole = "transfer" | "consult" | "participant" | "monitor";
export type MonitorMode = "listen" | "whisper" | "barge";

/**
 * Someone joins the call's conference (a transfer's target, a third party, a
 * supervisor): the participant row first, then the provider dials them. The
 * row is the claim: one open transfer per call (a unique index), so two
 * servers never dial one transfer twice. If the provider refuses, the row
 * goes and the error is the answer (502).
 */
export async function dialParty({ call, party, role, actorId, monitorMode = null }: { call: LiveCallRow; party: Party; role: PartyRole; actorId: number; monitorMode?: MonitorMode | null }) {
  const participant = await openParticipant(call, party, role, actorId, monitorMode);
  try {
    const conference = await moveCallToConference(call);
    const from = party.kind === "number" ? await organizationCallerId(call.organization_id) : call.number;
    const dialed = await dialIntoConference(call.organization_id, conference, {
      to: party.kind === "agent" ? `client:${identityFor(party.userId)}` : party.number,
      from,
      statusPath: partyStatusPath(participant.id),
      muted: monitorMode === "listen",
      coachLegSid: monitorMode === "whisper" ? call.agent_leg_sid : null,
    });
    await prisma.callParticipant.update({ where: { id: participant.id }, data: { leg_sid: dialed.legSid, ...(dialed.joined && { state: "joined", joined_at: new Date() }) } });
    return { participantId: participant.id, legSid: dialed.legSid, joined: dialed.joined, conference };
  } catch (error) {
    await prisma.callParticipant.deleteMany({ where: { id: participant.id } });
    throw error;
  }
}

async function openParticipant(call: LiveCallRow, party: Party, role: PartyRole, actorId: number, monitorMode: MonitorMode | null) {
  try {
    return await prisma.callParticipant.create({
      data: {
        organization_id: call.organization_id, live_call_id: call.id, kind: role === "monitor" ? "supervisor" : party.kind, role,
        user_id: party.kind === "agent" ? party.userId : null, number: party.kind === "number" ? party.number : null, monitor_mode: monitorMode, added_by_user_id: actorId,
      },
      select: { id: true },
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw AppError.conflict("A transfer of this call is already under way.");
    throw error;
  }
}

/** The number an external party sees calling: the organization's caller ID. */
async function organizationCallerId(organizationId: number): Promise<string> {
  const config = await providerConfig(organizationId);
  const from = config.caller_id ?? config.phone_numbers[0];
  if (!from) throw AppError.conflict("Give the organization a caller ID in Settings → Telephony to dial numbers.");
  return from;
}

/** The number callers dial (a transferred caller's queue entry is to it). */
export async function organizationNumber(organizationId: number): Promise<string> {
  const config = await providerConfig(organizationId);
  return config.phone_numbers[0] ?? config.caller_id ?? "";
}
