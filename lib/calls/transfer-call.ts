import "server-only";
import { assignAgentCall, releaseReservedAgents, reserveAgent } from "@/lib/agents/reserve-agents";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/logger";
import { forgetWaitingCalls } from "@/lib/queue/entries/waiting-calls-cache";
import { telephony } from "@/lib/telephony/port";
import { dialParty, organizationNumber } from "./dial-party";
import { endLiveCall } from "./end-live-call";
import { findLiveCall, type LiveCallRow } from "./find-live-call";
import { holdCall } from "./hold-call";
import { recordCallEvent } from "./live-call";
import { moveCallToConference } from "./move-call-to-conference";
import { replayEarlyCallbacks } from "./replay-early-callbacks";
import { requeueCaller } from "./requeue-caller";
import { serializeLiveCall } from "./serialize-live-call";
import { startCallPart } from "./start-call-part";
import { agentParty, queueDepartment, type Party, type TransferInput } from "./transfer-target";

/**
 * Sends a connected call on (issue 22). Cold: the caller moves at once (to
 * the target, who rings while the caller holds, or back into a department's
 * queue) and the agent's part ends (wrap-up). Warm: the caller is held while
 * the agent talks to the target; completeTransfer or cancelTransfer decides.
 * A target agent must be available (409); the claim on the call (one open
 * transfer) and on the agent are taken before anything is dialed.
 */
export async function transferCall({ actor, callSid, input }: { actor: SessionUser; callSid: string; input: TransferInput }) {
  const call = await findLiveCall(actor, callSid);
  if (call.state !== "answered" && call.state !== "held") throw AppError.conflict("The call is not connected yet.");
  if (input.target.type === "queue") return transferToQueue(actor, call, await queueDepartment(call.organization_id, input.target.id));
  const party: Party = input.target.type === "agent" ? await agentParty(call.organization_id, input.target.id, actor.id, "target.id") : { kind: "number", number: input.target.number };
  if (party.kind === "agent" && !(await reserveAgent(prisma, { organizationId: call.organization_id, userId: party.userId }))) {
    throw AppError.conflict(`${party.name} is not available.`);
  }
  const to = party.kind === "agent" ? { type: "agent" as const, user_id: party.userId, name: party.name } : { type: "number" as const, number: party.number };
  // A cold transfer's caller already in the conference is held once the transfer is claimed, before the target is dialed: the target's join, which takes the hold off, can only come after it.
  const holdFirst = input.mode === "cold" && call.state !== "held" && call.conference_sid !== null && call.customer_leg_sid !== null;
  let held = false;
  const holdCaller = async () => {
    if (!holdFirst) return;
    await telephony().holdLeg(call.organization_id, call.conference_sid!, call.customer_leg_sid!, true);
    held = true;
  };
  let dialed: Awaited<ReturnType<typeof dialTarget>>;
  try {
    // Warm: the caller waits on hold (the first hold also moves the call into its conference).
    if (input.mode === "warm" && call.state !== "held") await holdCall({ actor, callSid, on: true });
    dialed = await dialTarget(actor, call, party, input, to, holdCaller);
  } catch (error) {
    if (party.kind === "agent") await releaseReservedAgents(prisma, { userIds: [party.userId], organizationId: call.organization_id });
    if (held)
      await telephony()
        .holdLeg(call.organization_id, call.conference_sid!, call.customer_leg_sid!, false)
        .catch((e) => logger.warn("the caller could not be taken off hold", { call_sid: call.call_sid, error: (e as Error).message }));
    throw error;
  }
  const { part, from } = dialed.recorded!;
  if (input.mode === "cold") await handOver(from, { holdCaller: !dialed.joined && !held });
  // What the provider said about the target before its answer named their leg (their join: the caller comes off hold).
  await replayEarlyCallbacks(call.organization_id, dialed.legSid);
  return { ...serializeLiveCall(part), transfer: { mode: input.mode, to, participant_id: Number(dialed.participantId) } };
}

/** Dials the target; their part of the call is recorded with their leg (cold: the agent's part ends). */
function dialTarget(actor: SessionUser, call: LiveCallRow, party: Party, input: TransferInput, to: Record<string, unknown>, beforeDial: () => Promise<void>) {
  return dialParty({
    call: { ...call, state: input.mode === "warm" ? "held" : call.state },
    party,
    role: input.mode === "warm" ? "consult" : "transfer",
    actorId: actor.id,
    beforeDial,
    record: async (tx, dialed) => {
      const current = await tx.liveCall.findUniqueOrThrow({ where: { id: call.id }, select: { conference_name: true, conference_sid: true, state: true, held_since: true, hold_seconds: true } });
      const from = { ...call, ...current };
      const part = await startCallPart(tx, from, {
        callSid: dialed.legSid,
        userId: party.kind === "agent" ? party.userId : null,
        departmentId: party.kind === "agent" ? party.departmentId : null,
        state: input.mode === "warm" ? "consult" : dialed.joined ? "answered" : "ringing",
        agentLegSid: dialed.legSid,
        statusBefore: "available",
      });
      if (party.kind === "agent") await assignAgentCall(tx, { userId: party.userId, callSid: dialed.legSid });
      await recordCallEvent(tx, from, { type: "transferred", actorUserId: actor.id, data: { mode: input.mode, to, to_call_sid: dialed.legSid } });
      if (input.mode === "cold") await endLiveCall(tx, from);
      return { part, from };
    },
  });
}

/** Cold to a department's queue: the caller waits in their conference, on hold, as that queue's next entry. */
async function transferToQueue(actor: SessionUser, call: LiveCallRow, departmentId: number) {
  const conference = await moveCallToConference(call);
  const number = await organizationNumber(call.organization_id);
  const current = await prisma.liveCall.findUniqueOrThrow({ where: { id: call.id }, select: { conference_sid: true, state: true, held_since: true, hold_seconds: true } });
  const from = { ...call, ...current, conference_name: conference };
  const { part, entryId } = await prisma.$transaction(async (tx) => {
    const claimed = await tx.liveCall.updateMany({ where: { id: call.id, ended_at: null, state: { in: ["answered", "held"] } }, data: { updated_at: new Date() } });
    if (claimed.count === 0) throw AppError.conflict("The call changed meanwhile; look again.");
    const queued = await requeueCaller(tx, { from, departmentId, organizationNumber: number });
    await recordCallEvent(tx, from, { type: "transferred", actorUserId: actor.id, data: { mode: "cold", to: { type: "queue", department_id: departmentId }, to_call_sid: queued.part.call_sid } });
    const { ended } = await endLiveCall(tx, from);
    if (!ended) throw AppError.conflict("The call changed meanwhile; look again.");
    return queued;
  });
  forgetWaitingCalls(call.organization_id);
  await handOver(from, { holdCaller: true });
  return { ...serializeLiveCall(part), transfer: { mode: "cold" as const, to: { type: "queue" as const, department_id: departmentId }, queue_entry_id: Number(entryId) } };
}

/**
 * The agent's part is over (its log is written): their leg leaves, and the
 * caller hears the hold music until someone answers. A caller still moving
 * into the conference is held as they join (its next part is marked held).
 * The provider failing here is logged: the call has moved on either way.
 */
export async function handOver(from: Pick<LiveCallRow, "organization_id" | "call_sid" | "agent_leg_sid" | "customer_leg_sid" | "conference_sid" | "state">, { holdCaller }: { holdCaller: boolean }) {
  const warn = (what: string) => (error: unknown) => logger.warn(what, { call_sid: from.call_sid, error: (error as Error).message });
  // conference_sid is known once the conference reported a join: before that the caller is still on their way, and held as they join.
  if (holdCaller && from.state !== "held" && from.customer_leg_sid && from.conference_sid) {
    await telephony().holdLeg(from.organization_id, from.conference_sid, from.customer_leg_sid, true).catch(warn("the transferred caller could not be held"));
  }
  if (from.agent_leg_sid) await telephony().hangUpLeg(from.organization_id, from.agent_leg_sid).catch(warn("the transferring agent's leg could not be ended"));
}
