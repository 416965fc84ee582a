import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { sqlRows } from "@/lib/db/raw-sql";
import { AppError } from "@/lib/errors/app-error";
import { claimWaitingCall } from "@/lib/queue/claim-waiting-call";
import { forgetWaitingCalls } from "@/lib/queue-entries/waiting-calls-cache";

/**
 * POST /api/offers/{id}/accept: the agent takes the call offered to them,
 * answered like accepting from the list (the softphone's connect
 * parameters). The offer is closed first, in the same transaction as the
 * claim, so the engine never sees the claimed call as "taken by someone
 * else". An offer that expired, was withdrawn or answered: 409; another
 * agent's offer: 404.
 */
export async function acceptOffer({ actor, id }: { actor: SessionUser; id: bigint }) {
  const accepted = await prisma.$transaction(async (tx) => {
    // The offer answered and its call read in one statement.
    const [entry] = await sqlRows<{ id: bigint; callback_requested_at: Date | null; from_number: string }[]>(tx)`
      WITH answered AS (
        UPDATE offers SET status = 'accepted', answered_at = now()
        WHERE id = ${id} AND user_id = ${actor.id} AND organization_id = ${actor.organization_id} AND status = 'open' AND expires_at > now()
        RETURNING queue_entry_id)
      SELECT e.id, e.callback_requested_at, e.from_number FROM queue_entries e JOIN answered a ON a.queue_entry_id = e.id`;
    if (!entry) return null;
    return claimWaitingCall(tx, actor, entry);
  });
  // Asked after the transaction: the embedded database has one connection, which the transaction holds.
  if (!accepted) throw await offerNotOpen(actor, id);
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
