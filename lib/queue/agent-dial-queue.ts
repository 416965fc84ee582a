import "server-only";
import { prisma } from "@/lib/db/client";
import { userIdFromClient } from "@/lib/telephony/identity";
import { organizationCallbackUrl } from "@/lib/telephony/provider-config";
import type { CallbackContext } from "@/lib/telephony/provider-route";
import { dialQueueTwiml, sayAndHangUp } from "@/lib/telephony/twiml";

/**
 * The agent's device connects to take the call it accepted. Only the agent who
 * accepted a queue entry is ever dialed into that entry's own queue; any other
 * device (or a stale accept, returned to the queue meanwhile) hears that the
 * call is gone. Joining marks the accept connected.
 */
export async function agentDialQueue({ params, organizationId, config }: CallbackContext): Promise<string> {
  const userId = userIdFromClient(params.From ?? params.Caller);
  const entryId = /^\d{1,15}$/.test(params.QueueEntryId ?? "") ? BigInt(params.QueueEntryId) : undefined;
  if (!userId || (!entryId && !params.QueueName)) return sayAndHangUp("There is no call to connect.");
  const where = { organization_id: organizationId, status: "accepted", accepted_by_user_id: userId, ...(entryId ? { id: entryId } : { queue_name: params.QueueName }) };
  const entry = await prisma.queueEntry.findFirst({ where, select: { id: true, queue_name: true } });
  if (!entry) return sayAndHangUp("This call is no longer waiting.");
  // The device joined: the accept is no longer at risk of going back to the queue.
  const { count } = await prisma.queueEntry.updateMany({ where: { ...where, id: entry.id }, data: { connected_at: new Date() } });
  // Recorded calls: the provider posts the recording to /api/telephony/recording, which finds the call by its entry.
  const recording = config.recording_enabled ? organizationCallbackUrl(organizationId, `/api/telephony/recording?entry=${entry.id}`) : undefined;
  return count ? dialQueueTwiml(entry.queue_name, recording) : sayAndHangUp("This call is no longer waiting.");
}
