import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { claimWaitingCall } from "@/lib/queue/claim-waiting-call";
import { forgetWaitingCalls } from "@/lib/queue/entries/waiting-calls-cache";

/**
 * POST /api/offers/{id}/accept: the agent takes the call offered to them,
 * answered like accepting from the list (the softphone's connect
 * parameters). The offer is answered in the statement that claims its call
 * (claim-waiting-call.ts), so the engine never sees the claimed call as
 * "taken by someone else". An offer that expired, was withdrawn or answered:
 * 409; another agent's offer: 404.
 */
export async function acceptOffer({ actor, id }: { actor: SessionUser; id: bigint }) {
  const accepted = await claimWaitingCall(actor, { offerId: id });
  // The call had this one offer: accepting it frees nobody and withdraws nothing.
  forgetWaitingCalls(actor.organization_id, { moved: false });
  return accepted;
}

/** Why an offer could not be answered: not theirs (404), or no longer open (409). */
export async function offerNotOpen(actor: SessionUser, id: bigint): Promise<AppError> {
  const offer = await prisma.offer.findFirst({ where: { id, user_id: actor.id, organization_id: actor.organization_id }, select: { status: true } });
  if (!offer) return AppError.notFound();
  return AppError.conflict(offer.status === "open" ? "This offer has run out of time." : `This offer is no longer open: it was ${offer.status}.`);
}
