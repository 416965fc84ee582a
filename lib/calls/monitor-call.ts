import "server-only";
import { z } from "zod";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { telephony } from "@/lib/telephony/port";
import { agentInConference } from "./agent-in-conference";
import { dialParty, type MonitorMode } from "./dial-party";
import { findLiveCall } from "./find-live-call";
import { recordCallEvent } from "./live-call";
import { replayEarlyCallbacks } from "./replay-early-callbacks";
import { PARTICIPANT_SELECT, serializeParticipant } from "./serialize-participant";

export const monitorSchema = z.object({ mode: z.enum(["listen", "whisper", "barge"], { error: "The mode must be listen, whisper or barge." }) });

/**
 * A supervisor in scope listens (muted), whispers (heard by the agent only:
 * the provider's coaching) or barges (heard by everyone), and switches
 * between them during the call: the first request dials the supervisor's
 * browser into the call's conference, later ones change how their leg takes
 * part. A whisper waits for the agent's leg to be in the conference (the
 * provider coaches no one else: 16028). Every change is in the audit log;
 * the agent's panel hears of whispers and barges through the call's events.
 */
export async function monitorCall({ actor, callSid, mode }: { actor: SessionUser; callSid: string; mode: MonitorMode }) {
  const call = await findLiveCall(actor, callSid);
  if ((call.state !== "answered" && call.state !== "held") || !call.agent_leg_sid) throw AppError.conflict("The call has no agent on it to monitor yet.");
  if (call.user_id === actor.id) throw AppError.conflict("You are the agent on this call.");
  const existing = await prisma.callParticipant.findFirst({
    where: { live_call_id: call.id, role: "monitor", user_id: actor.id, left_at: null, state: { not: "failed" } },
    select: { id: true, leg_sid: true, monitor_mode: true },
  });
  let participantId: bigint;
  if (!existing) {
    // A whisper first: the agent's leg must be in the conference before anyone coaches it.
    if (mode === "whisper") await agentInConference(call);
    const dialed = await dialParty({ call, party: { kind: "agent", userId: actor.id, departmentId: actor.department_id, name: actor.name }, role: "monitor", actorId: actor.id, monitorMode: mode });
    participantId = dialed.participantId;
    await replayEarlyCallbacks(call.organization_id, dialed.legSid);
  } else {
    participantId = existing.id;
    if (existing.monitor_mode === mode) return serializeParticipant(await prisma.callParticipant.findUniqueOrThrow({ where: { id: existing.id }, select: PARTICIPANT_SELECT }));
    if (mode === "whisper") await agentInConference(call);
    const conferenceSid = call.conference_sid ?? (call.conference_name ? await telephony().conferenceSidNamed(call.organization_id, call.conference_name) : null);
    if (existing.leg_sid && conferenceSid) {
      await telephony().changeParticipation(call.organization_id, conferenceSid, existing.leg_sid, { muted: mode === "listen", coachLegSid: mode === "whisper" ? call.agent_leg_sid : null });
    }
    await prisma.callParticipant.update({ where: { id: existing.id }, data: { monitor_mode: mode } });
  }
  const participant = await prisma.$transaction(async (tx) => {
    await writeAuditLog(tx, {
      organization_id: call.organization_id,
      department_id: call.department_id,
      user_id: actor.id,
      action: "call.monitor",
      subject_type: "call",
      subject_id: call.call_sid,
      details: { mode, agent_user_id: call.user_id, previous_mode: existing?.monitor_mode ?? null },
    });
    await recordCallEvent(tx, call, { type: "monitor", actorUserId: actor.id, data: { mode, by: { user_id: actor.id, name: actor.name }, participant_id: Number(participantId) } });
    return tx.callParticipant.findUniqueOrThrow({ where: { id: participantId }, select: PARTICIPANT_SELECT });
  });
  return serializeParticipant(participant);
}
