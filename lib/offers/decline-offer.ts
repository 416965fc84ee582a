import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { queueMayMove } from "@/lib/queue/entries/queue-may-move";
import { offerNotOpen } from "./accept-offer";

/**
 * POST /api/offers/{id}/decline: the agent passes; the call is offered to the
 * next agent at once (never again to this one: they can still take it from
 * the list). The agent stays available for other calls.
 */
export async function declineOffer({ actor, id }: { actor: SessionUser; id: bigint }) {
  const { count } = await prisma.offer.updateMany({ where: { id, user_id: actor.id, organization_id: actor.organization_id, status: "open" }, data: { status: "declined", answered_at: new Date() } });
  if (count === 0) throw await offerNotOpen(actor, id);
  queueMayMove(actor.organization_id);
  return { id: Number(id), status: "declined" as const };
}
