import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { liveCallScope } from "@/lib/auth/scope";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { LIVE_CALL_SELECT } from "./live-call";

/** A call in progress the actor may act on (a party, or a supervisor in scope); anyone else, or a call that ended: 404. */
export async function findLiveCall(actor: SessionUser, callSid: string) {
  const call = await prisma.liveCall.findFirst({ where: { call_sid: callSid, ended_at: null, ...liveCallScope(actor) }, select: LIVE_CALL_SELECT });
  if (!call) throw AppError.notFound();
  return call;
}

export type LiveCallRow = Awaited<ReturnType<typeof findLiveCall>>;

/** The part of a call its conference serves now: after a transfer, the target's (a warm transfer's target joins it only on completion). */
export function activeCallInConference(organizationId: number, conferenceName: string) {
  return prisma.liveCall.findFirst({ where: { organization_id: organizationId, conference_name: conferenceName, ended_at: null }, orderBy: { id: "desc" }, select: LIVE_CALL_SELECT });
}
