import "server-only";
import type { Tx } from "@/lib/db/client";
import { recordCallEvent } from "./live-call";

export interface LiveCallStart {
  organizationId: number;
  callSid: string;
  direction: "inbound" | "outbound-manual" | "outbound-campaign";
  userId: number | null;
  departmentId: number | null;
  contactId: bigint | null;
  number: string;
  /** answered: a person is already on the line (an inbound caller the agent joins, a campaign contact who picked up). */
  answered: boolean;
  customerLegSid: string | null;
  agentLegSid: string | null;
  statusBefore?: string | null;
}

/**
 * A call begins, as far as the service is concerned: the agent's device joined
 * an inbound caller, dialed a number, or was handed a campaign contact. Once
 * per CallSid: a retried callback changes nothing.
 */
export async function startLiveCall(tx: Tx, start: LiveCallStart): Promise<boolean> {
  const now = new Date();
  const created = await tx.liveCall.createMany({
    data: [{
      organization_id: start.organizationId, call_sid: start.callSid, direction: start.direction, user_id: start.userId, department_id: start.departmentId,
      contact_id: start.contactId, number: start.number.slice(0, 32), state: start.answered ? "answered" : "ringing",
      customer_leg_sid: start.customerLegSid, agent_leg_sid: start.agentLegSid, status_before: start.statusBefore ?? null,
      answered_at: start.answered ? now : null,
    }],
    skipDuplicates: true,
  });
  if (created.count === 0) return false;
  const call = { organization_id: start.organizationId, department_id: start.departmentId, user_id: start.userId, call_sid: start.callSid, state: start.answered ? "answered" : "ringing" };
  await recordCallEvent(tx, call, { type: start.answered ? "answered" : "started", actorUserId: start.userId, data: { direction: start.direction } });
  return true;
}

/** The person dialed picked up: the call is answered, and its customer's leg is known (the dialed leg). */
export async function answerLiveCall(tx: Tx, { organizationId, callSid, customerLegSid }: { organizationId: number; callSid: string; customerLegSid: string }): Promise<boolean> {
  const [call] = await tx.liveCall.updateManyAndReturn({
    where: { organization_id: organizationId, call_sid: callSid, state: "ringing" },
    data: { state: "answered", answered_at: new Date(), customer_leg_sid: customerLegSid, updated_at: new Date() },
    select: { organization_id: true, department_id: true, user_id: true, call_sid: true, state: true },
  });
  if (!call) return false;
  await recordCallEvent(tx, call, { type: "answered", actorUserId: null });
  return true;
}
