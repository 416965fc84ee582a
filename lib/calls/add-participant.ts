import "server-only";
import { assignAgentCall, releaseReservedAgents, reserveAgent } from "@/lib/agents/reserve-agents";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { dialParty } from "./dial-party";
import { findLiveCall } from "./find-live-call";
import { recordCallEvent } from "./live-call";
import { PARTICIPANT_SELECT, serializeParticipant } from "./serialize-participant";
import { agentParty, type AddParticipantInput, type Party } from "./transfer-target";

/**
 * A three-way call: an agent (who must be available: 409) or a number joins
 * the call's conference. Any party can leave (removeParticipant, or hanging
 * up); the caller stays while someone who can talk to them is on.
 */
export async function addParticipant({ actor, callSid, input }: { actor: SessionUser; callSid: string; input: AddParticipantInput }) {
  const call = await findLiveCall(actor, callSid);
  if (call.state !== "answered" && call.state !== "held") throw AppError.conflict("The call is not connected yet.");
  const party: Party = "agent_id" in input ? await agentParty(call.organization_id, input.agent_id, actor.id, "agent_id") : { kind: "number", number: input.number };
  if (party.kind === "agent" && !(await reserveAgent(prisma, { organizationId: call.organization_id, userId: party.userId }))) {
    throw AppError.conflict(`${party.name} is not available.`);
  }
  try {
    const dialed = await dialParty({ call, party, role: "participant", actorId: actor.id });
    const participant = await prisma.$transaction(async (tx) => {
      if (party.kind === "agent") await assignAgentCall(tx, { userId: party.userId, callSid: dialed.legSid });
      await recordCallEvent(tx, call, { type: "participant_added", actorUserId: actor.id, data: { participant_id: Number(dialed.participantId), ...(party.kind === "agent" ? { user_id: party.userId } : { number: party.number }) } });
      return tx.callParticipant.findUniqueOrThrow({ where: { id: dialed.participantId }, select: PARTICIPANT_SELECT });
    });
    return serializeParticipant(participant);
  } catch (error) {
    if (party.kind === "agent") await releaseReservedAgents(prisma, { userIds: [party.userId], organizationId: call.organization_id });
    throw error;
  }
}
