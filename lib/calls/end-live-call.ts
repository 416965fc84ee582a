import "server-only";
import type { Tx } from "@/lib/db/client";
import { publishEvent } from "@/lib/events/publish-event";
import { endCall } from "./end-call";
import type { LiveCallRow } from "./find-live-call";
import type { CallLogEntry } from "./record-call-log";

/**
 * A part of a call ends that the queue's and manual dialing's own endings do
 * not see, because it lives in the call's conference: the transferring
 * agent's part as they hand the caller over, the transfer target's part when
 * the caller hangs up, a transferred caller who hung up while waiting in the
 * queue. Its log is written from the live call itself (linked to the part it
 * came from), the queue entry it answered is closed, and the agent moves
 * (endCall, the one owner of a call's end).
 */
export async function endLiveCall(tx: Tx, call: LiveCallRow): Promise<{ ended: boolean; queueEntryId: bigint | null }> {
  const now = new Date();
  const answered = call.answered_at !== null;
  const entry = await tx.queueEntry.findFirst({
    where: { organization_id: call.organization_id, status: { in: ["waiting", "accepted"] }, OR: [{ call_sid: call.call_sid }, { live_call_id: call.id }] },
    select: { id: true, enqueued_at: true, accepted_at: true },
  });
  if (entry) {
    await tx.queueEntry.update({ where: { id: entry.id }, data: { status: answered ? "completed" : "abandoned", dequeued_at: now } });
    await publishEvent(
      {
        type: "queue.entry.left",
        record: { organization_id: call.organization_id },
        data: { id: Number(entry.id), call_sid: call.call_sid, status: answered ? "completed" : "abandoned", callback: false },
      },
      tx,
    );
  }
  // A campaign contact's call handed over by its agent: the contact is settled now (answered), as its final status would have.
  const campaignContact =
    call.direction === "outbound-campaign" && !call.parent_call_sid
      ? await tx.campaignContact.findFirst({ where: { last_call_sid: call.call_sid, campaign: { organization_id: call.organization_id } }, select: { id: true, campaign_id: true } })
      : null;
  const log: CallLogEntry = {
    organization_id: call.organization_id,
    department_id: call.department_id,
    user_id: call.user_id,
    contact_id: call.contact_id,
    direction: call.direction as CallLogEntry["direction"],
    phone_number: call.number,
    call_sid: call.call_sid,
    status: answered ? "completed" : "no-answer",
    duration: answered ? Math.max(0, Math.round((now.getTime() - call.answered_at!.getTime()) / 1000)) : 0,
    answered_at: call.answered_at,
    wait_seconds: entry ? Math.max(0, Math.round(((entry.accepted_at ?? now).getTime() - entry.enqueued_at.getTime()) / 1000)) : null,
    campaign_id: campaignContact?.campaign_id ?? null,
  };
  const { ended } = await endCall(tx, {
    organizationId: call.organization_id,
    log,
    agent: call.user_id ? { userId: call.user_id, talked: answered } : null,
    campaignContact: campaignContact ? { id: campaignContact.id, outcome: "answered", answered: true } : null,
  });
  return { ended, queueEntryId: entry?.id ?? null };
}
