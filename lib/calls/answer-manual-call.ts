import "server-only";
import { prisma } from "@/lib/db/client";
import { answerLiveCall } from "./start-live-call";

/** The number an agent dialed picked up: the call is answered, and the dialed leg is the customer's. */
export async function answerManualCall({ organizationId, callSid, customerLegSid }: { organizationId: number; callSid: string; customerLegSid: string }): Promise<void> {
  await prisma.$transaction((tx) => answerLiveCall(tx, { organizationId, callSid, customerLegSid }));
}
