import "server-only";
import { conferenceSeatFor } from "@/lib/calls/move-call-to-conference";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import type { WaitEnd } from "@/lib/telephony/call-events";
import { finishQueueEntry } from "@/lib/calls/finish-queue-entry";

/**
 * The caller's queue ended (the provider's `<Enqueue>` action). When the
 * agent's leg was moved into the call's conference (hold, transfer…) the
 * caller follows it there and the call goes on; otherwise the queue entry
 * is finished (bridged and ended, or abandoned). A caller who chose a
 * callback hears that they will be called back.
 */
export async function callerLeftQueue({ organizationId, callSid, end, queueTime }: { organizationId: number; callSid: string; end: WaitEnd; queueTime?: number }): Promise<VoiceAnswer | void> {
  const seat = await conferenceSeatFor({ organizationId, callSid, leg: "customer" });
  if (seat) return seat;
  const finished = await finishQueueEntry({ organizationId, callSid, end, queueTime });
  if (finished.callback) return { kind: "say-and-hang-up", message: "Thank you. We will call you back at this number when it is your turn. Goodbye." };
}
