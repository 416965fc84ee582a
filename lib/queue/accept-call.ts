import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { servesQueue } from "@/lib/auth/scope";
import { forgetWaitingCalls } from "@/lib/queue/entries/waiting-calls-cache";
import { claimWaitingCall } from "./claim-waiting-call";

/**
 * An available agent takes a waiting call from the list of a queue they
 * serve (claim-waiting-call.ts decides races: one wins, the other gets 409).
 * A caller who asked for a callback (issue 23) is accepted the same way; the
 * answer tells the softphone to dial them.
 */
export async function acceptCall({ actor, id }: { actor: SessionUser; id: bigint }) {
  const entry = await prisma.queueEntry.findFirst({ where: { id, organization_id: actor.organization_id }, select: { department_id: true } });
  // Another department's caller is not this agent's to take (nor to know of).
  if (!entry || !servesQueue(actor, entry.department_id)) throw AppError.notFound();
  const accepted = await claimWaitingCall(actor, { entryId: id });
  forgetWaitingCalls(actor.organization_id);
  return accepted;
}
