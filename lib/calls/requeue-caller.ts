import "server-only";
import type { Tx } from "@/lib/db/client";
import { publishEvent } from "@/lib/events/publish-event";
import { telephony } from "@/lib/telephony/port";
import type { LiveCallRow } from "./find-live-call";
import { startCallPart } from "./start-call-part";

/**
 * A caller goes back to waiting, in a department's queue: transferred there,
 * or a cold transfer's target never answered. They stay in their call's
 * conference, on hold, and their wait is a queue entry like any other
 * (listed, accepted, taken by the accepting agent's device, which joins the
 * conference instead of a provider queue: lib/queue/agent-dial-queue).
 * Its id is ours (a queue entry is named by a call id; the caller's own leg
 * already names their first one), shaped like the provider's.
 */
export async function requeueCaller(tx: Tx, { from, departmentId, organizationNumber }: { from: LiveCallRow; departmentId: number | null; organizationNumber: string }) {
  const part = await startCallPart(tx, from, { callSid: telephony().newCallSid(), userId: null, departmentId, state: "queued", agentLegSid: null });
  const entry = await tx.queueEntry.create({
    data: {
      organization_id: from.organization_id,
      call_sid: part.call_sid,
      queue_name: telephony().waitingLineName(part.call_sid),
      from_number: from.number,
      to_number: organizationNumber,
      contact_id: from.contact_id,
      live_call_id: part.id,
      department_id: departmentId,
    },
    select: { id: true },
  });
  // News to those who serve the queue it joins only, as every queue entry's announcement is.
  await publishEvent(
    {
      type: "queue.entry.added",
      record: { organization_id: from.organization_id, department_id: departmentId },
      data: {
        id: Number(entry.id),
        call_sid: part.call_sid,
        from: from.number,
        contact_id: from.contact_id === null ? null : Number(from.contact_id),
        department_id: departmentId,
        callback: false,
        transferred: true,
        returned: null,
      },
    },
    tx,
  );
  return { part, entryId: entry.id };
}
