import "server-only";
import { assignsConversationsToOthers, conversationScope, userScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { announceConversation } from "./announce-message";
import { getConversation } from "./get-conversation";
import type { UpdateConversationInput } from "./schemas";

/**
 * Closes, reopens or assigns a conversation. Managers and admins hand it to
 * an active user they manage; an agent may only take it or let it go.
 */
export async function updateConversation({ actor, id, input }: { actor: SessionUser; id: bigint; input: UpdateConversationInput }) {
  const assignee = input.assigned_user_id;
  if (assignee !== undefined && assignee !== null) {
    if (!assignsConversationsToOthers(actor) && assignee !== actor.id) throw AppError.validation({ assigned_user_id: ["You can take a conversation yourself, not hand it to someone else."] });
    const user = await prisma.user.findFirst({ where: { id: assignee, active: true, ...userScope(actor), organization_id: actor.organization_id }, select: { id: true } });
    if (!user) throw AppError.validation({ assigned_user_id: ["The selected user is invalid."] });
  }
  const { count } = await prisma.conversation.updateMany({
    where: { id, ...conversationScope(actor) },
    data: { ...(input.status && { status: input.status }), ...(assignee !== undefined && { assigned_user_id: assignee }), updated_at: new Date() },
  });
  if (count === 0) throw AppError.notFound();
  await announceConversation(id);
  // An agent who let a conversation go may no longer see it: answer what changed without a second scoped read.
  if (assignee === null && !assignsConversationsToOthers(actor)) return { id: Number(id), status: input.status ?? null, assigned_user: null };
  return getConversation({ actor, id });
}
