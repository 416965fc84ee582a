import "server-only";
import { prisma } from "@/lib/db/client";

/**
 * A campaign call's agent answered: their leg (a `<Dial><Client>` child the
 * service did not place) is kept on the live call, so hold and transfer can
 * move it. Once: a retried report changes nothing.
 */
export async function agentLegAnswered({ organizationId, callSid, agentLegSid }: { organizationId: number; callSid: string; agentLegSid: string }): Promise<void> {
  await prisma.liveCall.updateMany({
    where: { organization_id: organizationId, call_sid: callSid, agent_leg_sid: null, ended_at: null },
    data: { agent_leg_sid: agentLegSid, updated_at: new Date() },
  });
}
