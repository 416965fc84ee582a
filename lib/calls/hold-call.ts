import "server-only";
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { telephony } from "@/lib/telephony/port";
import { findLiveCall } from "./find-live-call";
import { recordCallEvent } from "./live-call";
import { moveCallToConference } from "./move-call-to-conference";
import { serializeLiveCall } from "./serialize-live-call";

export const holdCallSchema = z.object({ on: z.boolean({ error: "on must be true (hold) or false (resume)." }) });

/**
 * Hold (the caller hears the organization's hold music; the agent's timer
 * keeps counting) or resume. The state moves first with a conditional update
 * (two servers, or a double click, move it once), then the provider is asked;
 * if it refuses, the state goes back and the agent is told (502). Holding a
 * call still on its bridge moves it into a conference first: the caller's leg
 * is then held as it joins (applyConferenceEvent). Hold time is counted on the
 * call and kept on its log.
 */
export async function holdCall({ actor, callSid, on }: { actor: SessionUser; callSid: string; on: boolean }) {
  const call = await findLiveCall(actor, callSid);
  if (call.state !== "answered" && call.state !== "held") throw AppError.conflict("The call is not connected yet.");
  if ((call.state === "held") === on) return serializeLiveCall(call);
  const now = new Date();
  const heldFor = call.held_since ? Math.max(0, Math.round((now.getTime() - call.held_since.getTime()) / 1000)) : 0;
  const claimed = await prisma.liveCall.updateMany({
    where: { id: call.id, state: call.state, ended_at: null },
    data: on ? { state: "held", held_since: now, updated_at: now } : { state: "answered", held_since: null, hold_seconds: { increment: heldFor }, updated_at: now },
  });
  if (claimed.count === 0) throw AppError.conflict("The call changed meanwhile; look again.");
  let conference: string;
  try {
    conference = await moveCallToConference(call);
    const conferenceSid = call.conference_sid ?? (call.conference_name ? await telephony().conferenceSidNamed(call.organization_id, conference) : null);
    // A call just moved: its conference has no caller yet; the caller's leg is held as it joins.
    if (conferenceSid && call.customer_leg_sid) await telephony().holdLeg(call.organization_id, conferenceSid, call.customer_leg_sid, on);
  } catch (error) {
    await prisma.liveCall.updateMany({ where: { id: call.id }, data: { state: call.state, held_since: call.held_since, hold_seconds: call.hold_seconds } });
    throw error;
  }
  const updated = { ...call, conference_name: conference, state: on ? "held" : "answered", held_since: on ? now : null, hold_seconds: call.hold_seconds + (on ? 0 : heldFor) };
  await recordCallEvent(prisma, updated, { type: on ? "held" : "resumed", actorUserId: actor.id, ...(!on && { data: { held_seconds: heldFor } }) });
  return serializeLiveCall(updated);
}
