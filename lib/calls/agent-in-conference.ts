import "server-only";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { telephony } from "@/lib/telephony/port";
import type { LiveCallRow } from "./find-live-call";
import { moveCallToConference } from "./move-call-to-conference";

/** How long a whisper waits for the agent's leg: a moved leg joins within a second or two. */
const AGENT_JOIN_WAIT_MS = 10_000;
const LOOK_EVERY_MS = 150;

/**
 * Coaching an agent needs their leg in the conference: the provider refuses
 * a coach for a leg that has not joined yet (error 16028, issue 40). The call
 * is moved into its conference if it is not (which makes the agent's leg
 * join), then this waits until the conference has reported the agent's leg
 * joining (applyConferenceEvent notes it, on whichever server the callback
 * reached). 409 if it does not come in time: nothing was dialed.
 */
export async function agentInConference(call: LiveCallRow): Promise<void> {
  await moveCallToConference(call);
  // On the call simulator there is no conference to report the join, and no provider to refuse a coach.
  if (await telephony().legsJoinAtOnce(call.organization_id)) return;
  const deadline = Date.now() + AGENT_JOIN_WAIT_MS;
  for (;;) {
    const found = await prisma.liveCall.findFirst({ where: { id: call.id, ended_at: null }, select: { agent_joined_at: true } });
    if (!found) throw AppError.conflict("The call has ended.");
    if (found.agent_joined_at) return;
    if (Date.now() >= deadline) throw AppError.conflict("The agent's line has not joined the call's conference yet; try again in a moment.");
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}
