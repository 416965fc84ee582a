import "server-only";
import { prisma, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { telephony } from "@/lib/telephony/port";
import type { LiveCallRow } from "./find-live-call";
import { conferenceStatusPath, partyStatusPath } from "./live-call";
import { moveCallToConference } from "./move-call-to-conference";
import type { Party } from "./transfer-target";

export type PartyRole = "transfer" | "consult" | "participant" | "monitor";
export type MonitorMode = "listen" | "whisper" | "barge";

/** A transaction that records what the provider has already done: it waits longer for a connection than the default 2 s. */
export const AFTER_DIAL = { maxWait: 15_000, timeout: 20_000 };

export interface DialedParty {
  participantId: bigint;
  legSid: string;
  joined: boolean;
  conference: string;
}

/**
 * Someone joins the call's conference (a transfer's target, a third party, a
 * supervisor): the participant row first, then the provider dials them. The
 * row is the claim: one open transfer per call (a unique index), so two
 * servers never dial one transfer twice. If the provider refuses, the row
 * goes and the error is the answer (502).
 * The dial's answer names the new leg; what the caller makes of it (`record`:
 * the target's part of the call, the agent's assignment) is written in the
 * same transaction as the leg, so a callback that finds the leg finds all of
 * it. Callbacks that came before the answer are applied by the caller once
 * it is done (replayEarlyCallbacks).
 */
export async function dialParty<R = undefined>({
  call,
  party,
  role,
  actorId,
  monitorMode = null,
  beforeDial,
  record,
}: {
  call: LiveCallRow;
  party: Party;
  role: PartyRole;
  actorId: number;
  monitorMode?: MonitorMode | null;
  /** Done once the dial is claimed and the call is in its conference, before the party is dialed. */
  beforeDial?: () => Promise<void>;
  record?: (tx: Tx, dialed: DialedParty) => Promise<R>;
}): Promise<DialedParty & { recorded: R | undefined }> {
  const participant = await openParticipant(call, party, role, actorId, monitorMode);
  let dialed: DialedParty;
  try {
    const conference = await moveCallToConference(call);
    await beforeDial?.();
    const from = party.kind === "number" ? await organizationCallerId(call.organization_id) : call.number;
    const leg = await telephony().dialIntoConference(call.organization_id, conference, {
      to: party.kind === "agent" ? telephony().agentAddress(party.userId) : party.number,
      from,
      statusPath: partyStatusPath(participant.id),
      conferenceStatusPath: conferenceStatusPath(conference),
      muted: monitorMode === "listen",
      coachLegSid: monitorMode === "whisper" ? call.agent_leg_sid : null,
    });
    dialed = { participantId: participant.id, legSid: leg.legSid, joined: leg.joined, conference };
  } catch (error) {
    await prisma.callParticipant.deleteMany({ where: { id: participant.id } });
    throw error;
  }
  const recorded = await prisma.$transaction(async (tx) => {
    await tx.callParticipant.update({ where: { id: participant.id }, data: { leg_sid: dialed.legSid, ...(dialed.joined && { state: "joined", joined_at: new Date() }) } });
    return record ? record(tx, dialed) : undefined;
    // The party is already dialed: under load this waits its turn for a connection rather than leave the dial half recorded.
  }, AFTER_DIAL);
  return { ...dialed, recorded };
}

async function openParticipant(call: LiveCallRow, party: Party, role: PartyRole, actorId: number, monitorMode: MonitorMode | null) {
  try {
    return await prisma.callParticipant.create({
      data: {
        organization_id: call.organization_id,
        live_call_id: call.id,
        kind: role === "monitor" ? "supervisor" : party.kind,
        role,
        user_id: party.kind === "agent" ? party.userId : null,
        number: party.kind === "number" ? party.number : null,
        monitor_mode: monitorMode,
        added_by_user_id: actorId,
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
  const { callerId, phoneNumbers } = await telephony().numbers(organizationId);
  const from = callerId ?? phoneNumbers[0];
  if (!from) throw AppError.conflict("Give the organization a caller ID in Settings → Telephony to dial numbers.");
  return from;
}

/** The number callers dial (a transferred caller's queue entry is to it). */
export async function organizationNumber(organizationId: number): Promise<string> {
  const { callerId, phoneNumbers } = await telephony().numbers(organizationId);
  return phoneNumbers[0] ?? callerId ?? "";
}
