import "server-only";
import { prisma } from "@/lib/db/client";
import { startCallRecording } from "@/lib/calls/start-call-recording";
import { startLiveCall } from "@/lib/calls/start-live-call";
import { takeQueuedCaller } from "@/lib/calls/take-queued-caller";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";

const GONE: VoiceAnswer = { kind: "say-and-hang-up", message: "This call is no longer waiting." };

/**
 * The agent's device connects to take the call it accepted. Only the agent who
 * accepted a queue entry is ever dialed into that entry's own queue; any other
 * device (or a stale accept, returned to the queue meanwhile) hears that the
 * call is gone. Joining marks the accept connected.
 */
export async function agentDialQueue({ organizationId, agentId, callSid, queueEntry, recordingEnabled }: { organizationId: number; agentId: number | null; callSid: string | null; queueEntry: { id: bigint | null; queueName: string | null } | null; recordingEnabled: boolean }): Promise<VoiceAnswer> {
  if (!agentId || !queueEntry) return { kind: "say-and-hang-up", message: "There is no call to connect." };
  const where = { organization_id: organizationId, status: "accepted", accepted_by_user_id: agentId, ...(queueEntry.id ? { id: queueEntry.id } : { queue_name: queueEntry.queueName! }) };
  const entry = await prisma.queueEntry.findFirst({ where, select: { id: true, queue_name: true, call_sid: true, from_number: true, contact_id: true, live_call_id: true, accepted_by: { select: { department_id: true } } } });
  if (!entry) return GONE;
  // A caller transferred to the queue waits in their call's conference: the agent joins them there.
  if (entry.live_call_id) {
    const seat = await takeQueuedCaller({ organizationId, liveCallId: entry.live_call_id, queueEntryId: entry.id, agentId, departmentId: entry.accepted_by?.department_id ?? null, agentLegSid: callSid });
    return seat ?? GONE;
  }
  // The device joined: the accept is no longer at risk of going back to the queue, and the call is live
  // (the caller's leg and the agent's, which hold and transfer move).
  const joined = await prisma.$transaction(async (tx) => {
    const { count } = await tx.queueEntry.updateMany({ where: { ...where, id: entry.id }, data: { connected_at: new Date() } });
    if (!count) return { joined: false, started: false };
    const started = await startLiveCall(tx, {
      organizationId, callSid: entry.call_sid, direction: "inbound", userId: agentId, departmentId: entry.accepted_by?.department_id ?? null,
      contactId: entry.contact_id, number: entry.from_number, answered: true, customerLegSid: entry.call_sid, agentLegSid: callSid,
    });
    return { joined: true, started };
  });
  if (!joined.joined) return GONE;
  // Recorded calls: the call's one recording starts on the caller's leg, once (a retried connect starts no live call).
  if (recordingEnabled && joined.started) await startCallRecording({ organizationId, callSid: entry.call_sid, customerLegSid: entry.call_sid });
  return { kind: "dial-queue", queueName: entry.queue_name };
}
