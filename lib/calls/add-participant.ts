import "server-only";
import { assignAgentCall, releaseReservedAgents, reserveAgent } from "@/lib/agents/reserve-agents";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { dialParty } from "./dial-party";
import { findLiveCall } from "./find-live-call";
import { recordCallEvent } from "./live-call";
import { replayEarlyCallbacks } from "./replay-early-callbacks";
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
  let dialed: Awaited<ReturnType<typeof dialParty>>;
  try {
    dialed = await dialParty({
      call,
      party,
      role: "participant",
      actorId: actor.id,
      record: async (tx, { legSid, participantId }) => {
        if (party.kind === "agent") await assignAgentCall(tx, { userId: party.userId, callSid: legSid });
        await recordCallEvent(tx, call, {
          type: "participant_added",
          actorUserId: actor.id,
          data: { participant_id: Number(participantId), ...(party.kind === "agent" ? { user_id: party.userId } : { number: party.number }) },
        });
      },
    });
  } catch (error) {
    if (party.kind === "agent") await releaseReservedAgents(prisma, { userIds: [party.userId], organizationId: call.organization_id });
    throw error;
  }
  // What the provider said about the party before its answer named their leg (their join, their hang-up).
  await replayEarlyCallbacks(call.organization_id, dialed.legSid);
  return serializeParticipant(await prisma.callParticipant.findUniqueOrThrow({ where: { id: dialed.participantId }, select: PARTICIPANT_SELECT }));
}
