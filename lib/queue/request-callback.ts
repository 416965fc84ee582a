import "server-only";
import { runSql } from "@/lib/db/run-sql";
import { publishEvent } from "@/lib/events/publish-event";
import { findPlan } from "@/lib/settings/find-plan";
import { callPathSettings } from "@/lib/settings/get-settings";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import { holdAnnouncement } from "./hold-announcement";
import { forgetWaitingCalls } from "@/lib/queue/entries/waiting-calls-cache";

/**
 * A waiting caller pressed a key during the hold loop (issue 23). The plan's
 * callback key: the caller leaves the line but keeps their place (the entry
 * stays waiting, marked as a callback, and is offered to the next agent like
 * any waiting call, who dials it back). Any other key, a plan that no longer
 * offers callbacks, or a caller an agent took meanwhile: the hold loop goes on.
 * A retried press finds the mark already set and answers the same.
 */
export async function requestCallback({ organizationId, callSid, to, digits }: { organizationId: number; callSid: string; to: string; digits: string | null }): Promise<VoiceAnswer> {
  const offer = findPlan(await callPathSettings(organizationId, "routing"), to)?.callback_offer ?? null;
  if (!offer || digits !== offer.digit) return holdAnnouncement({ organizationId, callSid, to });
  const [marked] = await runSql().rows<{ id: string; department_id: number | null; first: boolean }>(
    `WITH before AS (SELECT id, callback_requested_at FROM queue_entries WHERE call_sid = $1 AND organization_id = $2 AND status = 'waiting')
     UPDATE queue_entries q SET callback_requested_at = COALESCE(q.callback_requested_at, now()), updated_at = now() FROM before
     WHERE q.id = before.id RETURNING q.id, q.department_id, before.callback_requested_at IS NULL AS first`,
    [callSid, organizationId],
  );
  if (!marked) return holdAnnouncement({ organizationId, callSid, to });
  if (marked.first) {
    forgetWaitingCalls(organizationId);
    await publishEvent({
      type: "queue.entry.updated",
      record: { organization_id: organizationId, department_id: marked.department_id },
      data: { id: Number(marked.id), call_sid: callSid, callback: true, followed_up: null, user_id: null },
    });
  }
  return { kind: "leave-queue" };
}
