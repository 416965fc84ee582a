import "server-only";
import { prisma } from "@/lib/db/client";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";

const GONE: VoiceAnswer = { kind: "say-and-hang-up", message: "This call is no longer waiting." };

/**
 * The agent's device connects to take the call it accepted. Only the agent who
 * accepted a queue entry is ever dialed into that entry's own queue; any other
 * device (or a stale accept, returned to the queue meanwhile) hears that the
 * call is gone. Joining marks the accept connected.
 */
export async function agentDialQueue({ organizationId, agentId, queueEntry, recordingEnabled }: { organizationId: number; agentId: number | null; queueEntry: { id: bigint | null; queueName: string | null } | null; recordingEnabled: boolean }): Promise<VoiceAnswer> {
  if (!agentId || !queueEntry) return { kind: "say-and-hang-up", message: "There is no call to connect." };
  const where = { organization_id: organizationId, status: "accepted", accepted_by_user_id: agentId, ...(queueEntry.id ? { id: queueEntry.id } : { queue_name: queueEntry.queueName! }) };
  const entry = await prisma.queueEntry.findFirst({ where, select: { id: true, queue_name: true } });
  if (!entry) return GONE;
  // The device joined: the accept is no longer at risk of going back to the queue.
  const { count } = await prisma.queueEntry.updateMany({ where: { ...where, id: entry.id }, data: { connected_at: new Date() } });
  if (!count) return GONE;
  // Recorded calls: the provider posts the recording to /api/telephony/recording, which finds the call by its entry.
  return { kind: "dial-queue", queueName: entry.queue_name, recordingPath: recordingEnabled ? `/api/telephony/recording?entry=${entry.id}` : null };
}
