import "server-only";
import { prisma } from "@/lib/db/client";
import { userIdFromClient } from "@/lib/telephony/identity";
import type { CallbackContext } from "@/lib/telephony/provider-route";
import { dialQueueTwiml, sayAndHangUp } from "@/lib/telephony/twiml";

/**
 * The agent's device connects to take the call it accepted. Only the agent who
 * accepted a queue entry is ever dialed into that entry's own queue; any other
 * device (or a stale accept) hears that the call is gone.
 */
export async function agentDialQueue({ params, organizationId }: CallbackContext): Promise<string> {
  const userId = userIdFromClient(params.From ?? params.Caller);
  const entryId = /^\d{1,15}$/.test(params.QueueEntryId ?? "") ? BigInt(params.QueueEntryId) : undefined;
  if (!userId || (!entryId && !params.QueueName)) return sayAndHangUp("There is no call to connect.");
  const entry = await prisma.queueEntry.findFirst({
    where: { organization_id: organizationId, status: "accepted", accepted_by_user_id: userId, ...(entryId ? { id: entryId } : { queue_name: params.QueueName }) },
    select: { queue_name: true },
  });
  return entry ? dialQueueTwiml(entry.queue_name) : sayAndHangUp("This call is no longer waiting.");
}
