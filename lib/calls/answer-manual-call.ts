import "server-only";
import { prisma } from "@/lib/db/client";
import { startCallRecording } from "./start-call-recording";
import { answerLiveCall } from "./start-live-call";

/**
 * The number an agent dialed picked up: the call is answered, and the dialed
 * leg is the customer's. A recorded call's one recording starts on that leg
 * (it stays on the line through hold and transfers; the agent's may not),
 * once: a retried report finds the call answered already.
 */
export async function answerManualCall({ organizationId, callSid, customerLegSid, record }: { organizationId: number; callSid: string; customerLegSid: string; record: boolean }): Promise<void> {
  const answered = await prisma.$transaction((tx) => answerLiveCall(tx, { organizationId, callSid, customerLegSid }));
  if (answered && record) await startCallRecording({ organizationId, callSid, customerLegSid });
}
